import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { discountKinds } from '../../../../common/order-pricing.ts';
import { type DiscountCodeForm as DiscountCodeFormValues, discountCodeFormSchema, discountCodeLimits, discountCodeMessages } from '../../../../common/schemas/discount-codes.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failedWith } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCategories } from '../../categories/api/category-queries.ts';
import { useCreateDiscountCode } from '../api/settings-queries.ts';
import { discountKindLabels } from '../discount-kinds.ts';
import { refusalSummary, serverFieldProblems } from '../server-problems.ts';
import { asOptionalNumber } from './form-values.ts';

const blankCode: DiscountCodeFormValues = { code: '', kind: 'percent', startsOn: '', endsOn: '', categories: [] };

/** The form's field for a field of the request: the days it works are typed as dates. */
function formFieldOf(path: string): keyof DiscountCodeFormValues | undefined {
  const name = path.split('.')[0] ?? '';
  if (name === 'startsAt') return 'startsOn';
  if (name === 'endsAt') return 'endsOn';
  const fields: (keyof DiscountCodeFormValues)[] = ['code', 'kind', 'value', 'minSubtotal', 'maxUses', 'maxUsesPerCustomer', 'categories'];
  return fields.find((field) => field === name);
}

/** The request's fields the form names otherwise, as the refusal above the button says them. */
const requestNames = { startsAt: 'first day', endsAt: 'last day' };

/** The form of one new code. */
function NewCodeForm({ again, onCreated }: { again: boolean; onCreated: () => void }) {
  const toast = useToast();
  const form = useSchemaForm(discountCodeFormSchema, { defaultValues: blankCode });
  const create = useCreateDiscountCode();
  const categories = useCategories();
  const kind = useWatch({ control: form.control, name: 'kind' });
  const exists = failedWith(create.error, 'DISCOUNT_CODE_EXISTS');

  const submit = form.handleSubmit((code) =>
    create.mutate(code, {
      onSuccess: (created) => {
        onCreated();
        toast(discountCodeMessages.created(created.code));
      },
      onError: (error) => {
        if (failedWith(error, 'DISCOUNT_CODE_EXISTS')) form.setError('code', { type: 'server', message: discountCodeMessages.exists }, { shouldFocus: true });
        for (const [order, problem] of serverFieldProblems(error).entries()) {
          const field = formFieldOf(problem.path);
          if (field) form.setError(field, { type: 'server', message: problem.message }, { shouldFocus: order === 0 });
        }
      },
    }),
  );

  return (
    <form noValidate aria-label="New discount code" className="space-y-6 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6" onSubmit={submit}>
      <div>
        <h2 className="text-lg font-semibold text-stone-900">New discount code</h2>
        <p className="mt-1 text-sm text-stone-600">Customers type it at the cart or the checkout. Each order holds one use of it until the order is cancelled.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label="Code"
          // After a code is made, the next one starts here.
          autoFocus={again}
          className="[&_input]:uppercase"
          autoComplete="off"
          spellCheck={false}
          maxLength={discountCodeLimits.code}
          placeholder="SPRING10"
          hint="Letters, digits, dashes; kept in capitals."
          {...form.field('code')}
        />
        <SelectField label="What it takes off" {...form.field('kind')}>
          {discountKinds.map((option) => (
            <option key={option} value={option}>
              {discountKindLabels[option]}
            </option>
          ))}
        </SelectField>
        {kind === 'free_shipping' ? (
          <div className="self-end rounded-lg bg-base-200/60 px-3 py-2.5 text-sm text-stone-700">The cheapest delivery rate costs nothing.</div>
        ) : (
          <TextField
            label={kind === 'percent' ? 'Percentage (%)' : 'Amount ($)'}
            type="number"
            inputMode="decimal"
            min={kind === 'percent' ? '1' : '0.01'}
            max={kind === 'percent' ? '100' : undefined}
            step={kind === 'percent' ? '1' : '0.01'}
            {...form.field('value', asOptionalNumber)}
          />
        )}
      </div>

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-stone-900">Conditions (optional)</legend>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Minimum subtotal ($)" type="number" inputMode="decimal" min="0" step="0.01" placeholder="Any order" {...form.field('minSubtotal', asOptionalNumber)} />
          <TextField label="First day" type="date" {...form.field('startsOn')} />
          <TextField label="Last day" type="date" hint="It works until the end of this day." {...form.field('endsOn')} />
          <TextField label="Uses in all" type="number" inputMode="numeric" min="1" step="1" placeholder="No limit" {...form.field('maxUses', asOptionalNumber)} />
          <TextField label="Uses per customer" type="number" inputMode="numeric" min="1" step="1" placeholder="No limit" {...form.field('maxUsesPerCustomer', asOptionalNumber)} />
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">Only for these categories (optional)</legend>
        <p className="mt-1 text-sm text-stone-600">None ticked: the code is for every tool.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {categories.isError && <p className="text-sm text-error">The categories could not be loaded; the code will be for every tool.</p>}
          {categories.data?.map((category) => (
            <label
              key={category.slug}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-base-300 px-3 py-1.5 text-sm text-stone-800 has-checked:border-primary has-checked:bg-primary/5"
            >
              <input type="checkbox" className="checkbox checkbox-xs checkbox-primary" value={category.slug} {...form.register('categories')} />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>

      <FormSubmit label="Create code" busy={create.isPending} error={exists ? undefined : refusalSummary(create.error, undefined, requestNames)} />
    </form>
  );
}

/**
 * A new discount code: what it takes off, and the conditions it holds to (all optional). Each code
 * made starts a new form, empty (a number field left blank reads as none, never as what was typed before).
 */
export function DiscountCodeForm() {
  const [made, setMade] = useState(0);
  return <NewCodeForm key={made} again={made > 0} onCreated={() => setMade((count) => count + 1)} />;
}
