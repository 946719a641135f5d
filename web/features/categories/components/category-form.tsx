import { categoryLimits, categoryMessages } from '../../../../common/categories.ts';
import { type Category, type CategoryForm as CategoryFormValues, categoryFormSchema } from '../../../../common/schemas/categories.ts';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failedWith } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateCategory, useUpdateCategory } from '../api/category-queries.ts';

const blank: CategoryFormValues = { name: '', description: '', parentSlug: '' };

/**
 * The admin's form for a category: a new one (`editing` absent) or one being renamed, described or
 * put under another. Only top-level categories are offered as parents (one level of nesting); the
 * server holds the rule and says why when it refuses.
 */
export function CategoryForm({ categories, editing, onDone }: { categories: Category[]; editing?: Category; onDone?: () => void }) {
  const toast = useToast();
  const form = useSchemaForm(categoryFormSchema, {
    defaultValues: editing ? { name: editing.name, description: editing.description, parentSlug: editing.parentSlug ?? '' } : blank,
  });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = editing ? update : create;
  const hasChildren = editing !== undefined && categories.some((category) => category.parentSlug === editing.slug);
  const parents = categories.filter((category) => category.parentSlug === null && category.slug !== editing?.slug);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = editing
        ? await update.mutateAsync({ slug: editing.slug, changes: { name: values.name, description: values.description, parentSlug: values.parentSlug } })
        : await create.mutateAsync({ name: values.name, description: values.description, parentSlug: values.parentSlug });
      toast(editing ? categoryMessages.updated(saved.name) : categoryMessages.created(saved.name));
      if (!editing) form.reset(blank);
      onDone?.();
    } catch (error) {
      if (failedWith(error, 'CATEGORY_EXISTS')) form.setError('name', { type: 'server', message: categoryMessages.exists }, { shouldFocus: true });
    }
  });

  const title = editing ? `Edit ${editing.name}` : 'New category';
  return (
    <form noValidate aria-label={title} className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6" onSubmit={(event) => void submit(event)}>
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" maxLength={categoryLimits.name} autoComplete="off" {...form.field('name')} />
        <SelectField
          label="Under"
          disabled={hasChildren}
          hint={hasChildren ? 'It has categories under it, so it stays at the top.' : 'One level: a category goes at the top or under a top-level one.'}
          {...form.field('parentSlug')}
        >
          <option value="">Top level</option>
          {parents.map((parent) => (
            <option key={parent.slug} value={parent.slug}>
              {parent.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={categoryLimits.description}
        hint="Shown on the category's page and to search engines."
        {...form.field('description')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <FormSubmit
          label={editing ? 'Save category' : 'Add category'}
          busy={saving.isPending}
          error={saving.error && !failedWith(saving.error, 'CATEGORY_EXISTS') ? saving.error.message : undefined}
        />
        {editing && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
