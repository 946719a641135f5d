import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isPhoneAccountEmail } from '../../../../common/account-contact.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useDueOrder, usePaymentIntent } from '../../../features/orders/api/order-queries.ts';
import { CancelOrderButton } from '../../../features/orders/components/cancel-order-button.tsx';
import { LazyStripeCardForm as StripeCardForm } from '../../../features/orders/components/lazy-stripe-card-form.tsx';
import { LocalCardForm } from '../../../features/orders/components/local-card-form.tsx';
import { isOpenUnpaid } from '../../../features/orders/components/order-status.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { countOf, pieces } from '../../../../common/plurals.ts';
import { cartQueries } from '../../../features/cart/api/cart-queries.ts';
import { OrderTotalsList } from '../../../features/orders/components/order-totals.tsx';
import { PricedOrderLines } from '../../../features/orders/components/priced-order-lines.tsx';

/** Who pays, for Stripe; a phone account's made-up address is no one's and is left out. */
function billingDetails(viewer: Viewer | null | undefined): { name: string; email?: string } {
  if (!viewer) return { name: '' };
  return isPhoneAccountEmail(viewer.email) ? { name: viewer.name } : { name: viewer.name, email: viewer.email };
}

/** What the payment pays for: each line, then how the total is made. */
function Summary({ order }: { order: Order }) {
  return (
    <section aria-label="Order summary" className="space-y-4 self-start rounded-xl border border-base-300 bg-base-100 p-6">
      <div>
        <h2 className="text-lg font-semibold text-stone-900">Order {order.orderNumber}</h2>
        <p className="text-sm text-stone-600">
          {countOf(order.lines.length, 'tool')}, {pieces(order.quantity)}
        </p>
      </div>
      <PricedOrderLines lines={order.lines} />
      <div className="border-t border-base-300 pt-3">
        <OrderTotalsList totals={order.totals} />
      </div>
    </section>
  );
}

/** Brought into view when it appears after Pay: on a phone the button is far below it. */
const scrollIntoSight = (notice: HTMLElement | null) => notice?.scrollIntoView({ block: 'start', behavior: 'smooth' });

function PaidNotice({ order, justNow }: { order: Order; justNow: boolean }) {
  return (
    <div role="status" ref={justNow ? scrollIntoSight : undefined} className="scroll-mt-24 space-y-3 rounded-xl border border-success/40 bg-success/5 p-6">
      <p className="text-lg font-semibold text-stone-900">{justNow ? 'Congrats! Your payment is completed.' : 'This order is already paid.'}</p>
      <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
        Transaction id: <span className="font-mono">{order.transactionId}</span>
      </p>
      <Link to="/dashboard/myorders" className="btn btn-outline btn-sm">
        Back to My Orders
      </Link>
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
function UnpayableNotice({ order }: { order: Order }) {
  const back = (
    <Link to="/dashboard/myorders" className="btn btn-outline btn-sm">
      Back to My Orders
    </Link>
  );
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
          {back}
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
        {back}
      </div>
    </div>
  );
}

export default function PaymentPage() {
  const { id = '' } = useParams();
  const { data: viewer } = useSession();
  const order = useDueOrder(id);
  const [paid, setPaid] = useState<Order | null>(null);
  const queryClient = useQueryClient();
  // Only an order that can be paid asks the processor for a payment.
  const unpaid = order.data !== undefined && isOpenUnpaid(order.data) && !order.data.unpayable && !paid;
  const intent = usePaymentIntent(id, unpaid);

  function paidNow(order: Order) {
    setPaid(order);
    // The server empties the cart when the order made from it is paid: the header's count follows.
    void queryClient.invalidateQueries({ queryKey: cartQueries.all });
  }

  return (
    <DashboardPage title="Payment" intro="Pay for your order by card. It is confirmed once the payment goes through.">
      {order.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the order" />
      ) : order.isError ? (
        <ErrorState
          title={order.error instanceof ApiRequestError && order.error.status === 404 ? 'There is no such order of yours' : 'We could not load the order'}
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
          <Summary order={order.data} />
          <div className="rounded-xl border border-base-300 bg-base-100 p-6">
            {paid && (
              <div className="mb-6">
                <PaidNotice order={paid} justNow />
              </div>
            )}
            {!paid && order.data.paymentStatus === 'paid' ? (
              <PaidNotice order={order.data} justNow={false} />
            ) : !paid && (!isOpenUnpaid(order.data) || order.data.unpayable) ? (
              <UnpayableNotice order={order.data} />
            ) : intent.isError ? (
              <ErrorState title="This order cannot be paid now" error={intent.error} onRetry={() => void intent.refetch()} />
            ) : intent.data?.gateway === 'stripe' && intent.data.publishableKey ? (
              <Suspense fallback={<div className="skeleton h-48 w-full" aria-label="Loading the card form" />}>
                <StripeCardForm
                  orderId={order.data._id}
                  clientSecret={intent.data.clientSecret}
                  publishableKey={intent.data.publishableKey}
                  billing={billingDetails(viewer)}
                  onPaid={paidNow}
                  done={Boolean(paid)}
                />
              </Suspense>
            ) : (
              <LocalCardForm orderId={order.data._id} clientSecret={intent.data?.clientSecret} defaultName={viewer?.name ?? ''} onPaid={paidNow} done={Boolean(paid)} />
            )}
          </div>
        </div>
      )}
    </DashboardPage>
  );
}
