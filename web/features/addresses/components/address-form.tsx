import { useCallback } from 'react';
import { type AddressInput, addressInputSchema } from '../../../../common/schemas/addresses.ts';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { AddressFields } from './address-fields.tsx';

interface AddressFormProps {
  title: string;
  defaults: AddressInput;
  /** The default address stays the default until another is made it. */
  isDefault: boolean;
  onSave: (address: AddressInput) => void;
  onCancel: () => void;
  busy: boolean;
  error: string | undefined;
}

/** One address of the address book, new or changed, checked as the server checks it. */
export function AddressForm({ title, defaults, isDefault, onSave, onCancel, busy, error }: AddressFormProps) {
  const form = useSchemaForm(addressInputSchema, { defaultValues: defaults });
  const { field, setValue } = form;
  const clearRegion = useCallback(() => setValue('region', ''), [setValue]);
  return (
    <form noValidate aria-label={title} className="space-y-4 rounded-lg border border-base-300 bg-base-100 p-5" onSubmit={form.handleSubmit(onSave)}>
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <AddressFields fieldOf={(name) => field(name)} country={form.watch('country')} region={form.watch('region')} onCountryChange={clearRegion} />
      {!isDefault && (
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" {...form.register('isDefault')} />
          Make this my default address
        </label>
      )}
      <FormSubmit
        label="Save address"
        busy={busy}
        error={error}
        aside={
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        }
      />
    </form>
  );
}
