import { useCallback } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import { sellerLimits, type ShopSettings, shopSettingsInputSchema } from '../../../../common/schemas/shop-settings.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { AddressFields } from '../../addresses/components/address-fields.tsx';
import { useSaveShopSettings } from '../api/settings-queries.ts';
import { refusalSummary, serverFieldProblems } from '../server-problems.ts';

/** The form's values from the settings read: a part left out is a blank field. */
function formValues({ seller, pickup }: ShopSettings): z.input<typeof shopSettingsInputSchema> {
  return { seller: { name: seller.name, address: { ...seller.address, line2: seller.address.line2 ?? '' }, taxNumber: seller.taxNumber ?? '' }, pickup };
}

/**
 * Who sells, as invoices name the seller (name, address, tax number), and whether customers may collect
 * their order at that address ("Collect from the workshop", at no charge; taxed where the workshop is).
 */
export function SellerForm({ settings }: { settings: ShopSettings }) {
  const toast = useToast();
  const form = useSchemaForm(shopSettingsInputSchema, { defaultValues: formValues(settings) });
  const save = useSaveShopSettings();
  const clearRegion = useCallback(() => form.setValue('seller.address.region', ''), [form]);

  const submit = form.handleSubmit((changes) =>
    save.mutate(changes, {
      onSuccess: (saved) => {
        form.reset(formValues(saved));
        toast('Seller and collecting saved.');
      },
      onError: (error) => {
        for (const [order, problem] of serverFieldProblems(error).entries()) {
          form.setError(problem.path as Path<z.input<typeof shopSettingsInputSchema>>, { type: 'server', message: problem.message }, { shouldFocus: order === 0 });
        }
      },
    }),
  );

  return (
    <form noValidate aria-label="Seller and collecting" className="space-y-6 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6" onSubmit={submit}>
      <div>
        <h2 className="text-lg font-semibold text-stone-900">Seller and collecting</h2>
        <p className="mt-1 text-sm text-stone-600">
          Invoices name the seller with this address and tax number. Collecting from the workshop happens at this address and is taxed there.
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Seller’s name on invoices" maxLength={sellerLimits.name} autoComplete="organization" {...form.field('seller.name')} />
        <TextField label="VAT or sales-tax number (optional)" maxLength={sellerLimits.taxNumber} hint="Printed on every invoice when given." {...form.field('seller.taxNumber')} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-stone-900">Seller’s address</legend>
        <AddressFields
          fieldOf={(name) => form.field(`seller.address.${name}`)}
          country={form.watch('seller.address.country')}
          region={form.watch('seller.address.region')}
          onCountryChange={clearRegion}
        />
      </fieldset>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-base-300 bg-base-200/40 p-4">
        <input type="checkbox" className="toggle toggle-primary mt-0.5" {...form.register('pickup.enabled')} />
        <span>
          <span className="block font-medium text-stone-900">Offer collecting from the workshop</span>
          <span className="block text-sm text-stone-600">Customers may choose &ldquo;Collect from the workshop&rdquo; at the seller&rsquo;s address, at no charge.</span>
        </span>
      </label>
      <FormSubmit label="Save seller and collecting" busy={save.isPending} error={refusalSummary(save.error)} />
    </form>
  );
}
