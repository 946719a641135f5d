import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isPhoneAccountEmail } from '../../../../common/account-contact.ts';
import { formatUsd } from '../../../../common/money.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { confirmPayment, payWithLocalCard, useDueOrder, usePaymentIntent } from '../../../features/orders/api/order-queries.ts';
import { CancelOrderButton } from '../../../features/orders/components/cancel-order-button.tsx';
import { LazyStripeCardForm as StripeCardForm } from '../../../features/orders/components/lazy-stripe-card-form.tsx';
import { LocalCardForm } from '../../../features/orders/components/local-card-form.tsx';
import { isOpenUnpaid } from '../../../features/orders/components/order-status.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { pieces } from '../../../../common/plurals.ts';


/** Who pays, for Stripe; a phone account's made-up address is no one's and is left out. */
function billingDetails(viewer: Viewer | null | undefined): { name: string; email?: string } {
  if (!viewer) return { name: '' };
  return isPhoneAccountEmail(viewer.email) ? { name: viewer.name } : { name: viewer.name, email: viewer.email };
}

function Summary({ order }: { order: Order }) {
  return (
    <section aria-label="Order summary" className="self-start rounded-xl border border-base-300 bg-base-100 p-6">
      <h2 className="text-lg font-semibold text-stone-900">{order.product}</h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Quantity</dt>
          <dd className="font-medium text-stone-900">{pieces(order.quantity)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Price per piece</dt>
          <dd className="text-stone-900">{formatUsd(order.unitPrice)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-base-300 pt-3 text-base">
          <dt className="font-medium text-stone-800">Total</dt>
          <dd className="font-semibold text-stone-900">{formatUsd(order.price)} USD</dd>
        </div>
      </dl>
    </section>
  );
}

function PaidNotice({ order, justNow }: { order: Order; justNow: boolean }) {
  return (
    <div role="status" className="space-y-3 rounded-xl border border-success/40 bg-success/5 p-6">
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
      <p className="text-sm text-stone-700">
        {order.unpayable === 'out-of-stock'
          ? `Fewer than the ${order.quantity} pieces of ${order.product} this order asks for are left in stock, so it cannot be paid.`
          : `${order.product} is no longer sold, so this order cannot be paid.`}{' '}
        Cancel it, and order again what we have.
      </p>
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
  // Only an order that can be paid asks the processor for a payment.
  const unpaid = order.data !== undefined && isOpenUnpaid(order.data) && !order.data.unpayable && !paid;
  const intent = usePaymentIntent(id, unpaid);

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
        <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
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
                  confirm={(transactionId) => confirmPayment(order.data._id, transactionId)}
                  clientSecret={intent.data.clientSecret}
                  publishableKey={intent.data.publishableKey}
                  billing={billingDetails(viewer)}
                  onPaid={setPaid}
                  done={Boolean(paid)}
                />
              </Suspense>
            ) : (
              <LocalCardForm
                pay={(card) => payWithLocalCard(order.data._id, card)}
                clientSecret={intent.data?.clientSecret}
                defaultName={viewer?.name ?? ''}
                onPaid={setPaid}
                done={Boolean(paid)}
              />
            )}
          </div>
        </div>
      )}
    </DashboardPage>
  );
}
