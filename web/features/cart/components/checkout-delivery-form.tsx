import { type ReactNode, useCallback, useEffect } from 'react';
import { isEuCountry } from '../../../../common/order-pricing.ts';
import { orderLimits } from '../../../../common/ordering.ts';
import type { PostalAddress } from '../../../../common/postal-addresses.ts';
import { checkoutFormSchema } from '../../../../common/schemas/orders.ts';
import { contactLimits } from '../../../../common/contact-rules.ts';
import { cartReminderConsentLabel } from '../../../../common/schemas/cart-reminders.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { TermsNotice } from '../../shop-pages/components/terms-notice.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { AddressFields } from '../../addresses/components/address-fields.tsx';
import { DeliveryAddress } from '../../addresses/components/delivery-address.tsx';

/** What the checkout form sends: where it goes, and a guest's e-mail address and a business buyer's VAT number. */
export interface CheckoutDelivery {
  phone: string;
  shippingAddress: PostalAddress;
  email?: string | undefined;
  vatNumber?: string | undefined;
  company?: string | undefined;
}

interface CheckoutDeliveryFormProps {
  /** A guest gives their e-mail address and types an address; a customer may pick a saved one. */
  guest: boolean;
  /** What to fill the form with: the last order's phone, and an empty address in the customer's name (in the country chosen at the cart). */
  defaults: { phone: string; shippingAddress: PostalAddress };
  /** Places the order; its failure shows above the button. */
  onContinue: (delivery: CheckoutDelivery) => void;
  busy: boolean;
  error: string | undefined;
  /** The cart cannot be checked out as it is, or cannot be sent to the place chosen. */
  disabled: boolean;
  /** Where it goes, as far as the quote needs to know, each time the country or region changes. */
  onPlaceChange: (place: { country: string; region: string | undefined }) => void;
  /** A business buyer's VAT number, once typed (the quote then says whether VAT is charged). */
  onVatNumberChange: (vatNumber: string | undefined) => void;
  /** The server's word on the VAT number, when it does not read as one of the country. */
  vatProblem: string | undefined;
  /** Whether a new address is to be saved to the address book. */
  saveAddress: boolean;
  onSaveAddressChange: (save: boolean) => void;
  /** A guest's "E-mail me my cart if I don't finish" (ADR 045): unticked until they tick it. */
  remindCart: boolean;
  onRemindCartChange: (remind: boolean) => void;
  /** Beside the button, after a refusal: the way to what must change. */
  aside?: ReactNode;
}

/**
 * Where the whole cart goes (and, for a guest, where its e-mails go): asked once, checked as an
 * order's phone and address are. A buyer in the EU may give a business's VAT number. It stays mounted
 * through a refusal, so that nothing typed is lost.
 */
export function CheckoutDeliveryForm(props: CheckoutDeliveryFormProps) {
  const {
    guest,
    defaults,
    onContinue,
    busy,
    error,
    disabled,
    onPlaceChange,
    onVatNumberChange,
    vatProblem,
    saveAddress,
    onSaveAddressChange,
    remindCart,
    onRemindCartChange,
    aside,
  } = props;
  const form = useSchemaForm(checkoutFormSchema({ guest }), { defaultValues: { ...defaults, ...(guest && { email: '' }), vatNumber: '', company: '' } });
  const { field, setValue, watch } = form;
  const fill = useCallback((address: PostalAddress) => setValue('shippingAddress', address), [setValue]);
  const country = watch('shippingAddress.country');
  const region = watch('shippingAddress.region');
  useEffect(() => onPlaceChange({ country, region: region || undefined }), [country, region, onPlaceChange]);
  const { onBlur: vatBlur, ...vatField } = field('vatNumber');
  return (
    <form noValidate aria-label="Delivery" className="space-y-5" onSubmit={form.handleSubmit(onContinue)}>
      {guest && (
        <div className="space-y-2">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={contactLimits.email}
            hint="Your receipt, invoice and the link to your order go here."
            {...field('email')}
          />
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary mt-0.5"
              checked={remindCart}
              onChange={(event) => onRemindCartChange(event.target.checked)}
              aria-describedby="remind-cart-hint"
            />
            <span>
              {cartReminderConsentLabel}
              <span id="remind-cart-hint" className="block text-xs text-stone-600">
                At most two e-mails, each with a link to stop them. Without the tick we keep nothing of your cart.
              </span>
            </span>
          </label>
        </div>
      )}
      <TextField label="Phone" type="tel" autoComplete="tel" maxLength={orderLimits.phone} {...field('phone')} />
      {guest ? (
        <AddressFields fieldOf={(name) => field(`shippingAddress.${name}`)} country={country} region={region} onCountryChange={() => setValue('shippingAddress.region', '')} />
      ) : (
        <DeliveryAddress
          fieldOf={(name) => field(`shippingAddress.${name}`)}
          country={country}
          region={region}
          fill={fill}
          clearRegion={() => setValue('shippingAddress.region', '')}
          save={saveAddress}
          onSaveChange={onSaveAddressChange}
          typed={form.formState.dirtyFields.shippingAddress !== undefined}
        />
      )}
      {isEuCountry(country) && (
        <details className="rounded-lg border border-base-300 px-4 py-3" open={Boolean(vatProblem)}>
          <summary className="cursor-pointer text-sm font-medium text-stone-800">Buying for a business? Add its VAT number</summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextField label="Company (optional)" autoComplete="organization" maxLength={120} {...field('company')} />
            <TextField
              label="VAT number"
              autoComplete="off"
              maxLength={20}
              hint="A business in another EU country than ours pays no VAT: it accounts for it itself."
              {...vatField}
              error={vatField.error ?? vatProblem}
              onBlur={(event) => {
                void vatBlur(event);
                onVatNumberChange(event.target.value.trim() || undefined);
              }}
            />
          </div>
        </details>
      )}
      <TermsNotice />
      <FormSubmit label="Continue to payment" busy={busy} error={error} disabled={disabled} className="btn-primary w-full sm:w-auto" aside={aside} />
    </form>
  );
}
