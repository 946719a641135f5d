import { useMemo } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import { productSlugsOf, richTextProblems } from '../../../../common/rich-text.ts';
import { type EditableShopPage, shopPageInputSchema, shopPageMessages } from '../../../../common/schemas/shop-pages.ts';
import { fillPagePlaceholders, pagePlaceholders, type PagePlaceholderWords, shopPageLabels, shopPageLimits } from '../../../../common/shop-pages.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { refusalSummary, serverFieldProblems } from '../../settings/server-problems.ts';
import { usePublishShopPage } from '../api/shop-page-queries.ts';
import { RichTextView } from './rich-text-view.tsx';

/** What is wrong with the text as it stands, all at once: the rich text's own problems, and a product card, which a page cannot show. */
function problemsOf(body: string): string[] {
  return [...richTextProblems(body), ...(productSlugsOf(body).length > 0 ? [shopPageMessages.noProducts] : [])];
}

/**
 * The editor of one page (ADR 044): its title and text, a preview that shows the page as readers will
 * read it as it is typed (placeholders filled in), what must be fixed before it can be published, and
 * Publish, which makes the next version. A refused publish keeps everything typed.
 */
export function ShopPageForm({ page, placeholders }: { page: EditableShopPage; placeholders: PagePlaceholderWords }) {
  const toast = useToast();
  const publish = usePublishShopPage(page.slug);
  const form = useSchemaForm(shopPageInputSchema, { defaultValues: { title: page.title, body: page.body } });
  const title = form.watch('title');
  const body = form.watch('body');
  const problems = useMemo(() => problemsOf(body), [body]);
  const preview = useMemo(() => fillPagePlaceholders(body, placeholders), [body, placeholders]);
  const label = shopPageLabels[page.slug];

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await publish.mutateAsync(input);
      form.reset({ title: saved.title, body: saved.body });
      toast(`${label} published as version ${saved.version}.`);
    } catch (error) {
      for (const [order, problem] of serverFieldProblems(error).entries()) {
        form.setError(problem.path as Path<z.input<typeof shopPageInputSchema>>, { type: 'server', message: problem.message }, { shouldFocus: order === 0 });
      }
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form noValidate aria-label={`Edit ${label}`} className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6" onSubmit={submit}>
        <TextField label="Title" maxLength={shopPageLimits.title} {...form.field('title')} />
        <TextAreaField
          label="Text"
          rows={22}
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
          maxLength={shopPageLimits.body}
          hint="Start a line with ## for a heading or ### for a smaller one, - for a list or 1. for a numbered list; leave a blank line between paragraphs. **Bold**, and [words](https://…) for a link."
          {...form.field('body')}
        />
        <p className="rounded-lg bg-base-200/60 px-4 py-3 text-sm text-stone-700">
          Type <code className="font-mono font-semibold text-stone-900">{pagePlaceholders.returnWindow}</code> where the page should say how long customers have to return pieces:
          it reads as <strong>{placeholders.returnWindow}</strong> now, and follows the return window in Shipping.
        </p>
        {problems.length > 0 && (
          <div role="status" aria-label="To fix before publishing" className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-stone-800">
            <p className="font-semibold">To fix before publishing</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        <FormSubmit
          label="Publish"
          busy={publish.isPending}
          error={refusalSummary(publish.error)}
          aside={<span className="text-sm text-stone-500">{`Version ${page.version} is published now; publishing makes version ${page.version + 1}.`}</span>}
        />
      </form>
      <section aria-label="Preview" className="min-w-0 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6">
        <p className="text-xs font-semibold uppercase tracking-widest text-primary">Preview</p>
        <h2 className="font-display mt-2 text-3xl font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere]">{title}</h2>
        <RichTextView source={preview} className="mt-4 [overflow-wrap:anywhere]" />
      </section>
    </div>
  );
}
