import { useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import { nextShippingStatus, shippingLabels } from '../../../../common/ordering.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useAdvanceShipping, useEveryOrder } from '../../../features/orders/api/order-queries.ts';
import { CancelOrderButton } from '../../../features/orders/components/cancel-order-button.tsx';
import { isOpenUnpaid, OrderStatusBadge, orderDate } from '../../../features/orders/components/order-status.tsx';

const pageSize = 20;

/** Pending → Shipped → Delivered, one step at a time. */
function ShippingButton({ order }: { order: Order }) {
  const toast = useToast();
  const advance = useAdvanceShipping();
  const next = order.shippingStatus ? nextShippingStatus[order.shippingStatus] : undefined;
  if (next !== 'shipped' && next !== 'delivered') return null;
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className="btn btn-outline btn-sm whitespace-nowrap"
        aria-label={`Mark the order for ${order.product} by ${order.email} ${shippingLabels[next]}`}
        disabled={advance.isPending}
        onClick={() =>
          advance.mutate({ id: order._id, shippingStatus: next }, { onSuccess: () => toast(`The order for ${order.product} is ${shippingLabels[next].toLowerCase()}.`) })
        }
      >
        {advance.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Mark {shippingLabels[next]}
      </button>
      {advance.isError && <p className="text-xs text-error">{advance.error.message}</p>}
    </div>
  );
}

export default function ManageOrderPage() {
  const [page, setPage] = useState(1);
  const orders = useEveryOrder({ limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage title="Manage Orders" intro="Every order in the shop, newest first. Paid orders wait as Pending until you ship them; unpaid ones can be cancelled.">
      {orders.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the orders" />
      ) : orders.isError ? (
        <ErrorState title="We could not load the orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title="No orders yet" />
      ) : (
        <div className="space-y-6">
          <div className="overflow-x-auto rounded-xl border border-base-300 bg-base-100">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">Order</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-right">
                    Action
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((order) => (
                  <tr key={order._id}>
                    <td className="min-w-0 align-top">
                      <p className="font-medium text-stone-900">{order.cutomerName}</p>
                      <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{order.email}</p>
                    </td>
                    <td className="align-top">
                      <p className="text-stone-900">{order.product}</p>
                      <p className="text-sm text-stone-600">
                        {order.quantity} pcs · {formatUsd(order.price)} · {orderDate(order)}
                      </p>
                    </td>
                    <td className="align-top">
                      <OrderStatusBadge order={order} />
                    </td>
                    <td className="text-right align-top">
                      {order.paymentStatus === 'paid' ? <ShippingButton order={order} /> : isOpenUnpaid(order) && <CancelOrderButton order={order} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={Math.ceil(orders.data.total / pageSize)} onPage={setPage} label="Order pages" />
        </div>
      )}
    </DashboardPage>
  );
}
