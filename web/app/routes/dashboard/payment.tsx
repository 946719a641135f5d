import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { Order } from '../../../../common/schemas/orders.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useDueOrder } from '../../../features/orders/api/order-queries.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { countOf, pieces } from '../../../../common/plurals.ts';
import { cartQueries } from '../../../features/cart/api/cart-queries.ts';
import { OrderPaymentPanel, payerOf } from '../../../features/orders/components/order-payment-panel.tsx';
import { OrderTotalsList, orderTotalsOf } from '../../../features/orders/components/order-totals.tsx';
import { PricedOrderLines } from '../../../features/orders/components/priced-order-lines.tsx';

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
      <PricedOrderLines lines={order.lines} discountCode={order.discountCode} />
      <div className="border-t border-base-300 pt-3">
        <OrderTotalsList {...orderTotalsOf(order)} />
      </div>
    </section>
  );
}

const backToMyOrders = { to: '/dashboard/myorders', label: 'Back to My Orders' };

export default function PaymentPage() {
  const { id = '' } = useParams();
  const { data: viewer } = useSession();
  const order = useDueOrder(id);
  const [paid, setPaid] = useState<Order | null>(null);
  const queryClient = useQueryClient();

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
            <OrderPaymentPanel order={order.data} paid={paid} onPaid={paidNow} payer={payerOf(viewer)} back={backToMyOrders} />
          </div>
        </div>
      )}
    </DashboardPage>
  );
}
