import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useMyOrders } from '../../../features/orders/api/order-queries.ts';
import { CancelOrderButton } from '../../../features/orders/components/cancel-order-button.tsx';
import { CheckoutLineHint, withCheckoutLinesInOrder } from '../../../features/orders/components/checkout-line-hint.tsx';
import { isOpenUnpaid, OrderStatusBadge, orderDate } from '../../../features/orders/components/order-status.tsx';
import { TrackingDetails } from '../../../features/orders/components/tracking-details.tsx';
import { pieces } from '../../../../common/plurals.ts';

const pageSize = 10;

export default function MyOrdersPage() {
  const { data: viewer } = useSession();
  const [page, setPage] = useState(1);
  const orders = useMyOrders(viewer?.email ?? '', { limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage title="My Orders" intro="Your orders, newest first. Pay for an order to confirm it; an unpaid one can be cancelled.">
      {orders.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading your orders" />
      ) : orders.isError ? (
        <ErrorState title="We could not load your orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title="No orders yet">
          <Link to="/products" className="link link-primary">
            Browse the tools
          </Link>{' '}
          and order what your workshop needs.
        </EmptyState>
      ) : (
        <div className="space-y-6">
          <ul className="space-y-3" aria-label="Your orders">
            {withCheckoutLinesInOrder(orders.data.items).map((order) => (
              <li key={order._id} className="rounded-xl border border-base-300 bg-base-100 p-4 sm:p-5">
                <article aria-label={`Order for ${order.product}`} className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <h2 className="font-semibold text-stone-900">{order.product}</h2>
                    {order.unpayable && isOpenUnpaid(order) && (
                      <p className="text-sm text-error">
                        {order.unpayable === 'out-of-stock'
                          ? `Fewer than the ${order.quantity} pieces of this order are left, so it cannot be paid. Please cancel it.`
                          : 'This tool is no longer sold, so this order cannot be paid. Please cancel it.'}
                      </p>
                    )}
                    <p className="text-sm text-stone-600">
                      <Link to={`/dashboard/orders/${order._id}`} className="link link-primary font-medium" aria-label={`Order ${order.orderNumber}`}>
                        {order.orderNumber}
                      </Link>
                      <CheckoutLineHint order={order} />
                      {' · '}
                      {pieces(order.quantity)} · <span className="font-medium text-stone-900">{formatUsd(order.price)}</span> · ordered {orderDate(order)}
                    </p>
                    <TrackingDetails order={order} />
                    {order.transactionId && (
                      <p className="text-xs text-stone-600 [overflow-wrap:anywhere]">
                        Transaction <span className="font-mono">{order.transactionId}</span>
                      </p>
                    )}
                  </div>
                  <div className="flex shrink-0 flex-wrap items-center gap-2">
                    <Link to={`/dashboard/orders/${order._id}`} className="btn btn-ghost btn-sm" aria-label={`Details of the order for ${order.product}`}>
                      Details
                    </Link>
                    {order.paymentStatus === 'paid' ? (
                      <>
                        <span className="badge badge-success whitespace-nowrap">Paid</span>
                        <OrderStatusBadge order={order} />
                      </>
                    ) : !isOpenUnpaid(order) ? (
                      <OrderStatusBadge order={order} />
                    ) : order.unpayable ? (
                      <>
                        <OrderStatusBadge order={order} />
                        <CancelOrderButton order={order} className="btn-outline btn-error" />
                      </>
                    ) : (
                      <>
                        <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-sm" aria-label={`PAY for ${order.product}`}>
                          PAY
                        </Link>
                        <CancelOrderButton order={order} />
                      </>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={Math.ceil(orders.data.total / pageSize)} onPage={setPage} label="Order pages" />
        </div>
      )}
    </DashboardPage>
  );
}
