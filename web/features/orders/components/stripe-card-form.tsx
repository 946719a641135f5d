import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import type { Order } from '../../../../common/schemas/orders.ts';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { confirmPayment, usePayOrder } from '../api/order-queries.ts';

interface StripeCardFormProps {
  orderId: string;
  clientSecret: string;
  publishableKey: string;
  /** Stripe's billing details; a phone account has no address to give. */
  billing: { name: string; email?: string };
  onPaid: (paid: Order) => void;
  done: boolean;
}

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

function CardForm({ orderId, clientSecret, billing, onPaid, done }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string>();
  const pay = usePayOrder(async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new Error('The card form is still loading. Please wait a moment.');
    // Stripe authorises the card; the server then checks the payment with Stripe and captures it.
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: billing } });
    if (error) throw new Error(error.message ?? 'The card was not accepted.');
    return confirmPayment(orderId, paymentIntent.id);
  }, onPaid);

  function submit(event: FormEvent) {
    event.preventDefault();
    pay.mutate();
  }

  return (
    <form noValidate aria-label="Card payment" className="space-y-5" onSubmit={submit}>
      {/* Stripe's own field checks the card as it is typed; this form only sends it. */}
      <div className="rounded-lg border border-base-300 bg-base-100 px-3 py-3.5">
        <CardElement options={{ hidePostalCode: true }} onChange={(event) => setCardError(event.error?.message)} />
      </div>
      <FormSubmit label="Pay" busy={pay.isPending} error={cardError ?? pay.error?.message} disabled={!stripe || done} className="btn-primary w-full" />
    </form>
  );
}

/** Stripe Elements' card field, loaded only when the shop takes cards through Stripe. */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}
