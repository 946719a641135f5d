import { useMemo } from 'react';
import { type CardForm, cardFormSchema } from '../../../../common/schemas/card-details.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { now } from '../../../lib/clock.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { payWithLocalCard, usePayOrder } from '../api/order-queries.ts';

/** Groups a card number in fours as it is typed. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY as it is typed. */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** Rewrites what is typed into a field as it is typed: the field shows, and the form keeps, the same text. */
const typedAs = (format: (value: string) => string) => ({
  setValueAs: format,
  onChange: (event: { target: { value: string } }) => {
    event.target.value = format(event.target.value);
  },
});

/** The order the card's fields are read in: the first problem among them is the one shown, as card processors do. */
const fieldOrder = ['name', 'cardNumber', 'expiry', 'cvc'] as const;

interface LocalCardFormProps {
  orderId: string;
  clientSecret: string | undefined;
  defaultName: string;
  onPaid: (paid: Order) => void;
  /** True while the success message shows: Pay stays off. */
  done: boolean;
}

/**
 * The card form of the shop's local test processor, which behaves like Stripe's test mode. The
 * card's details go to the shop's server once, to be checked; only its brand and last four digits are kept.
 */
export function LocalCardForm({ orderId, clientSecret, defaultName, onPaid, done }: LocalCardFormProps) {
  const schema = useMemo(() => cardFormSchema(now), []);
  const form = useSchemaForm(schema, { defaultValues: { name: defaultName, cardNumber: '', expiry: '', cvc: '' } });
  const pay = usePayOrder((card: CardForm) => payWithLocalCard(orderId, { clientSecret: clientSecret ?? '', ...card }), onPaid);
  const { errors } = form.formState;
  const problem = fieldOrder.map((name) => errors[name]?.message).find(Boolean);
  const { register } = form;

  return (
    <form noValidate aria-label="Card payment" className="space-y-5" onSubmit={form.handleSubmit((card) => pay.mutate(card))}>
      <TextField label="Name on card" autoComplete="cc-name" maxLength={100} {...register('name')} />
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...register('cardNumber', typedAs(groupDigits))} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Expiry (MM/YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" {...register('expiry', typedAs(formatExpiry))} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...register('cvc', typedAs(onlyDigits))} />
      </div>
      <p className="rounded-lg bg-base-200 px-4 py-3 text-sm text-stone-700">
        This shop runs on its test card processor: no money moves. Pay with 4242 4242 4242 4242, any future date and any CVC; 4000 0000 0000 0002 is declined.
      </p>
      <FormSubmit label="Pay" busy={pay.isPending} error={problem ?? pay.error?.message} disabled={!clientSecret || done} className="btn-primary w-full" />
    </form>
  );
}
