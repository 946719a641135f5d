import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import { pieces } from '../../../../common/plurals.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { BrowseTheTools, EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useMyOrders } from '../../../features/orders/api/order-queries.ts';
import { CancelOrderButton } from '../../../features/orders/components/cancel-order-button.tsx';
import { CompactOrderLines } from '../../../features/orders/components/compact-order-lines.tsx';
import { OrderLineThumbnail } from '../../../features/orders/components/order-line-thumbnail.tsx';
import { OrderStageBadge } from '../../../features/orders/components/order-stage-badge.tsx';
import { isOpenUnpaid, OrderStatusBadge, orderDate } from '../../../features/orders/components/order-status.tsx';
import { TrackingDetails } from '../../../features/orders/components/tracking-details.tsx';
import { VariantLine } from '../../../components/ui/variant-line.tsx';

const pageSize = 10;

/** Why an open unpaid order cannot be paid, and what to do. */
function unpayableNote(order: Order): string {
  if (order.unpayable === 'out-of-stock') return 'Fewer pieces are left in stock than this order asks for, so it cannot be paid. Please cancel it.';
  return `${order.lines.length > 1 ? 'One of its tools' : 'This tool'} is no longer sold, so this order cannot be paid. Please cancel it.`;
}

/** Where the order stands, and what the customer can do with it: pay or cancel it while it is unpaid. */
function OrderActions({ order }: { order: Order }) {
  if (order.paymentStatus === 'paid') {
    return (
      <>
        <span className="badge badge-success whitespace-nowrap">Paid</span>
        <OrderStageBadge order={order} besidePaid />
      </>
    );
  }
  if (!isOpenUnpaid(order)) return <OrderStageBadge order={order} />;
  if (order.unpayable) {
    return (
      <>
        <OrderStatusBadge order={order} />
        <CancelOrderButton order={order} className="btn-outline btn-error" />
      </>
    );
  }
  return (
    <>
      <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-sm" aria-label={`PAY for ${order.product}`}>
        PAY
      </Link>
      <CancelOrderButton order={order} />
    </>
  );
}

/**
 * One order: its first tool's picture, what it is for ("Marking Gauge and 2 more"), its number, pieces
 * and total, then its lines. A grid that is a card on a phone (picture beside the title, the rest
 * below, the actions at the foot) and a row on a wider screen (the actions at the right).
 */
function OrderRow({ order }: { order: Order }) {
  const details = `/dashboard/orders/${order._id}`;
  const unpayable = order.unpayable !== undefined && isOpenUnpaid(order);
  const more = unpayable || order.lines.length > 1 || order.carrier !== undefined || order.transactionId !== undefined;
  return (
    <article aria-label={`Order for ${order.product}`} className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-3 sm:grid-cols-[6rem_minmax(0,1fr)_auto]">
      <OrderLineThumbnail img={order.lines[0]?.img ?? ''} className="h-12 w-16 sm:row-span-2 sm:h-[4.5rem] sm:w-24" />
      <div className="min-w-0 space-y-0.5">
        <h2 className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{order.product}</h2>
        {/* A one-line order's variant; an order of several lists each line's below. */}
        {order.lines.length === 1 && <VariantLine label={order.lines[0]?.variant} />}
        <p className="text-sm text-stone-600">
          <Link to={details} className="link link-primary font-medium" aria-label={`Order ${order.orderNumber}`}>
            {order.orderNumber}
          </Link>
          {' · '}
          <span className="whitespace-nowrap">
            {pieces(order.quantity)} · <span className="font-medium text-stone-900">{formatUsd(order.totals.total)}</span>
          </span>
        </p>
        <p className="text-xs text-stone-600">Ordered {orderDate(order)}</p>
      </div>
      {/* Left out when empty: an empty grid row would still take its gaps. */}
      {more && (
        <div className="col-span-2 min-w-0 space-y-2 sm:col-span-1 sm:col-start-2">
          {unpayable && <p className="text-sm text-error">{unpayableNote(order)}</p>}
          {order.lines.length > 1 && <CompactOrderLines lines={order.lines} label={`Tools of order ${order.orderNumber}`} />}
          <TrackingDetails order={order} />
          {order.transactionId && (
            <p className="text-xs text-stone-600 [overflow-wrap:anywhere]">
              Transaction <span className="font-mono">{order.transactionId}</span>
            </p>
          )}
        </div>
      )}
      <div className="col-span-2 flex flex-wrap items-center gap-2 border-t border-base-200 pt-3 sm:col-span-1 sm:col-start-3 sm:row-span-2 sm:row-start-1 sm:flex-col sm:items-end sm:border-0 sm:pt-0">
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <OrderActions order={order} />
        </div>
        <Link to={details} className="btn btn-ghost btn-sm ml-auto sm:ml-0" aria-label={`Details of the order for ${order.product}`}>
          Details
        </Link>
      </div>
    </article>
  );
}

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
          <BrowseTheTools then="and order what your workshop needs." />
        </EmptyState>
      ) : (
        <div className="space-y-6">
          <ul className="space-y-3" aria-label="Your orders">
            {orders.data.items.map((order) => (
              <li key={order._id} className="rounded-xl border border-base-300 bg-base-100 p-4 sm:p-5">
                <OrderRow order={order} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={Math.ceil(orders.data.total / pageSize)} onPage={setPage} label="Order pages" />
        </div>
      )}
    </DashboardPage>
  );
}
