import { Suspense } from 'react';
import { Link } from 'react-router';
import { isPhoneAccountEmail } from '../../../../common/account-contact.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { usePaymentIntent } from '../api/order-queries.ts';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { LazyStripeCardForm as StripeCardForm } from './lazy-stripe-card-form.tsx';
import { LocalCardForm } from './local-card-form.tsx';
import { isOpenUnpaid } from './order-status.tsx';

/** Who pays, as the card form and Stripe's billing details take it. */
export interface Payer {
  name: string;
  /** Left out for a phone account, whose made-up address is no one's. */
  email?: string;
}

/** The payer named by a name and an e-mail address (an account's, or a guest's order's); a phone account's made-up address is left out. */
export function payerOf(person: { name: string; email: string } | null | undefined): Payer {
  if (!person) return { name: '' };
  return isPhoneAccountEmail(person.email) ? { name: person.name } : { name: person.name, email: person.email };
}

/** Where a notice of the panel leads back to: My Orders on the dashboard. */
export interface BackTo {
  to: string;
  label: string;
}

/** Brought into view when it appears after Pay: on a phone the button is far below it. */
const scrollIntoSight = (notice: HTMLElement | null) => notice?.scrollIntoView({ block: 'start', behavior: 'smooth' });

function BackLink({ back }: { back: BackTo | undefined }) {
  return back ? (
    <Link to={back.to} className="btn btn-outline btn-sm">
      {back.label}
    </Link>
  ) : null;
}

export function PaidNotice({ order, justNow, back }: { order: Order; justNow: boolean; back?: BackTo | undefined }) {
  return (
    <div role="status" ref={justNow ? scrollIntoSight : undefined} className="scroll-mt-24 space-y-3 rounded-xl border border-success/40 bg-success/5 p-6">
      <p className="text-lg font-semibold text-stone-900">{justNow ? 'Congrats! Your payment is completed.' : 'This order is already paid.'}</p>
      <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
        Transaction id: <span className="font-mono">{order.transactionId}</span>
      </p>
      <BackLink back={back} />
    </div>
  );
}

/** Why its stock stops an order from being paid; the order does not say which of several lines it is. */
function unpayableReason(order: Order): string {
  const [line] = order.lines;
  if (order.lines.length === 1 && line) {
    return order.unpayable === 'out-of-stock'
      ? `Fewer than the ${line.quantity} pieces of ${line.product} this order asks for are left in stock, so it cannot be paid.`
      : `${line.product} is no longer sold, so this order cannot be paid.`;
  }
  return order.unpayable === 'out-of-stock'
    ? 'One of its tools has fewer pieces left in stock than this order asks for, so it cannot be paid.'
    : 'One of its tools is no longer sold, so this order cannot be paid.';
}

/** Why an unpaid order cannot be paid here: it was cancelled or expired, or its stock ran out. */
export function UnpayableNotice({ order, back }: { order: Order; back?: BackTo | undefined }) {
  if (order.stage === 'cancelled' || order.stage === 'expired') {
    return (
      <div role="status" className="space-y-3">
        <p className="text-lg font-semibold text-stone-900">{order.stage === 'expired' ? 'This order has expired.' : 'This order was cancelled.'}</p>
        <p className="text-sm text-stone-700">
          {order.stage === 'expired' ? 'It was not paid in time, so the shop cancelled it.' : 'It can no longer be paid.'} Nothing was charged.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/products" className="btn btn-primary btn-sm">
            Order again
          </Link>
          <BackLink back={back} />
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="space-y-3">
      <p className="text-lg font-semibold text-stone-900">{order.unpayable === 'out-of-stock' ? 'Out of stock' : 'No longer sold'}</p>
      <p className="text-sm text-stone-700">{unpayableReason(order)} Cancel it, and order again what we have.</p>
      <div className="flex flex-wrap gap-2">
        <CancelOrderButton order={order} className="btn-error" />
        <BackLink back={back} />
      </div>
    </div>
  );
}

/** Whether an order can be paid now: unpaid, neither cancelled nor expired, and with the stock it asks for. */
export const isPayable = (order: Order) => isOpenUnpaid(order) && !order.unpayable;

interface OrderPaymentPanelProps {
  order: Order;
  /** The order as paying it here answered it; null until then. Kept by the page, so that the success stays when the order is read again. */
  paid: Order | null;
  onPaid: (paid: Order) => void;
  payer: Payer;
  /** Where the notices lead back to; none on the order's own page. */
  back?: BackTo | undefined;
  /** Once paid here, the success alone, without the card form turned off under it (the order's own page, which shows the payment below). */
  successAlone?: boolean;
}

/**
 * Paying for an order by card, as the payment page and a guest's order page both do: the card form
 * of the shop's processor (the local test processor's, or Stripe's, loaded only then) once the payment
 * is made for the order, then the success with the transaction. An order already paid, cancelled,
 * expired or out of stock says so instead, and asks the processor for nothing.
 */
export function OrderPaymentPanel({ order, paid, onPaid, payer, back, successAlone = false }: OrderPaymentPanelProps) {
  // Only an order that can be paid asks the processor for a payment.
  const intent = usePaymentIntent(order._id, isPayable(order) && !paid);
  if (paid && successAlone) return <PaidNotice order={paid} justNow back={back} />;
  return (
    <>
      {paid && (
        <div className="mb-6">
          <PaidNotice order={paid} justNow back={back} />
        </div>
      )}
      {!paid && order.paymentStatus === 'paid' ? (
        <PaidNotice order={order} justNow={false} back={back} />
      ) : !paid && !isPayable(order) ? (
        <UnpayableNotice order={order} back={back} />
      ) : intent.isError ? (
        <ErrorState title="This order cannot be paid now" error={intent.error} onRetry={() => void intent.refetch()} />
      ) : intent.data?.gateway === 'stripe' && intent.data.publishableKey ? (
        <Suspense fallback={<div className="skeleton h-48 w-full" aria-label="Loading the card form" />}>
          <StripeCardForm
            orderId={order._id}
            clientSecret={intent.data.clientSecret}
            publishableKey={intent.data.publishableKey}
            billing={payer}
            onPaid={onPaid}
            done={Boolean(paid)}
          />
        </Suspense>
      ) : (
        <LocalCardForm orderId={order._id} clientSecret={intent.data?.clientSecret} defaultName={payer.name} onPaid={onPaid} done={Boolean(paid)} />
      )}
    </>
  );
}
