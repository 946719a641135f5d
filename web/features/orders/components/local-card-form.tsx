import { type FormEvent, useState } from 'react';
import { cardMessages, cardProblem } from '../../../../common/card-rules.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
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

interface LocalCardFormProps {
  order: Order;
  clientSecret: string | undefined;
  defaultName: string;
  onPaid: (order: Order) => void;
  /** True while the success message shows: Pay stays off. */
  done: boolean;
}

/**
 * The card form of the shop's local test processor, which behaves like Stripe's test mode. The
 * card's details go to the shop's server once, to be checked, and are never stored.
 */
export function LocalCardForm({ order, clientSecret, defaultName, onPaid, done }: LocalCardFormProps) {
  const [card, setCard] = useState({ name: defaultName, cardNumber: '', expiry: '', cvc: '' });
  const [problem, setProblem] = useState<string>();
  const pay = usePayOrder(() => payWithLocalCard(order._id, { clientSecret: clientSecret ?? '', ...card }), onPaid);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = !card.name.trim() ? cardMessages.nameRequired : cardProblem(card);
    setProblem(found);
    if (!found) pay.mutate();
  }

  const set = (name: keyof typeof card, format: (value: string) => string = (value) => value) => ({
    value: card[name],
    onChange: (event: { target: { value: string } }) => setCard((current) => ({ ...current, [name]: format(event.target.value) })),
  });

  return (
    <form noValidate aria-label="Card payment" className="space-y-5" onSubmit={submit}>
      <TextField label="Name on card" autoComplete="cc-name" maxLength={100} {...set('name')} />
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...set('cardNumber', groupDigits)} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Expiry (MM/YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" {...set('expiry', formatExpiry)} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...set('cvc', (value) => value.replace(/\D/g, ''))} />
      </div>
      <p className="rounded-lg bg-base-200 px-4 py-3 text-sm text-stone-700">
        This shop runs on its test card processor: no money moves. Pay with 4242 4242 4242 4242, any future date and any CVC;
        4000 0000 0000 0002 is declined.
      </p>
      {(problem ?? pay.error?.message) && (
        <p role="alert" className="text-sm font-medium text-error">
          {problem ?? pay.error?.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={!clientSecret || pay.isPending || done}>
        {pay.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Pay
      </button>
    </form>
  );
}
