import { orderLimits } from '../../../../common/ordering.ts';
import { type CheckoutInput, checkoutInputSchema } from '../../../../common/schemas/checkouts.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

interface CheckoutDeliveryFormProps {
  /** What to fill the form with: what was typed before, or the last order's phone and address. */
  defaults: CheckoutInput;
  /** Opens the checkout; its failure shows above the button. */
  onContinue: (delivery: CheckoutInput) => void;
  busy: boolean;
  error: string | undefined;
  /** The cart cannot be checked out as it is. */
  disabled: boolean;
}

/** Where the whole cart goes: asked once, checked as an order's phone and address are. */
export function CheckoutDeliveryForm({ defaults, onContinue, busy, error, disabled }: CheckoutDeliveryFormProps) {
  const form = useSchemaForm(checkoutInputSchema, { defaultValues: defaults });
  const { field } = form;
  return (
    <form noValidate aria-label="Delivery" className="space-y-5" onSubmit={form.handleSubmit(onContinue)}>
      <TextField label="Phone" type="tel" autoComplete="tel" maxLength={orderLimits.phone} {...field('phone')} />
      <TextAreaField label="Address" autoComplete="street-address" rows={3} maxLength={orderLimits.adress} {...field('address')} />
      <FormSubmit label="Continue to payment" busy={busy} error={error} disabled={disabled} className="btn-primary w-full sm:w-auto" />
    </form>
  );
}
