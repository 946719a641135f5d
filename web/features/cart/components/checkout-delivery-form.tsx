import { type ReactNode, useCallback } from 'react';
import { orderLimits } from '../../../../common/ordering.ts';
import type { PostalAddress } from '../../../../common/postal-addresses.ts';
import { type CartCheckoutInput, cartCheckoutInputSchema } from '../../../../common/schemas/orders.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { DeliveryAddress } from '../../addresses/components/delivery-address.tsx';

interface CheckoutDeliveryFormProps {
  /** What to fill the form with: the last order's phone, and an empty address in the customer's name. */
  defaults: { phone: string; shippingAddress: PostalAddress };
  /** Places the order; its failure shows above the button. */
  onContinue: (delivery: CartCheckoutInput) => void;
  busy: boolean;
  error: string | undefined;
  /** The cart cannot be checked out as it is. */
  disabled: boolean;
  /** Whether a new address is to be saved to the address book. */
  saveAddress: boolean;
  onSaveAddressChange: (save: boolean) => void;
  /** Beside the button, after a refusal: the way to what must change. */
  aside?: ReactNode;
}

/**
 * Where the whole cart goes: asked once, checked as an order's phone and address are. It stays
 * mounted through a refusal, so that nothing typed is lost.
 */
export function CheckoutDeliveryForm({ defaults, onContinue, busy, error, disabled, saveAddress, onSaveAddressChange, aside }: CheckoutDeliveryFormProps) {
  const form = useSchemaForm(cartCheckoutInputSchema, { defaultValues: defaults });
  const { field, setValue } = form;
  const fill = useCallback((address: PostalAddress) => setValue('shippingAddress', address), [setValue]);
  return (
    <form noValidate aria-label="Delivery" className="space-y-5" onSubmit={form.handleSubmit(onContinue)}>
      <TextField label="Phone" type="tel" autoComplete="tel" maxLength={orderLimits.phone} {...field('phone')} />
      <DeliveryAddress
        fieldOf={(name) => field(`shippingAddress.${name}`)}
        country={form.watch('shippingAddress.country')}
        region={form.watch('shippingAddress.region')}
        fill={fill}
        clearRegion={() => setValue('shippingAddress.region', '')}
        save={saveAddress}
        onSaveChange={onSaveAddressChange}
        typed={form.formState.dirtyFields.shippingAddress !== undefined}
      />
      <FormSubmit label="Continue to payment" busy={busy} error={error} disabled={disabled} className="btn-primary w-full sm:w-auto" aside={aside} />
    </form>
  );
}
