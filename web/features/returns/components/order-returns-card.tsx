import type { OrderDetails } from '../../../../common/schemas/order-details.ts';
import { OrderCard } from '../../orders/components/order-overview.tsx';
import { AdminReturnActions } from './admin-return-actions.tsx';
import { OrderReturnItem } from './order-returns.tsx';
import { ReturnRequestDialog } from './return-request-dialog.tsx';

/**
 * The order's returns: for its customer, each return's status and, while the window is open, "Return
 * items"; for the admin, the Returns panel, each return with what can be decided of it now.
 */
export function OrderReturnsCard({ details, forAdmin }: { details: OrderDetails; forAdmin: boolean }) {
  const { order, returns, returnable } = details;
  const canAsk = !forAdmin && returnable !== undefined;
  if (returns.length === 0 && !canAsk) return null;
  return (
    <OrderCard title="Returns" id="order-returns" className="print:hidden">
      {returns.length > 0 && (
        <ul aria-label="Returns" className="divide-y divide-base-300">
          {returns.map((made) => (
            <OrderReturnItem key={made.id} made={made} forAdmin={forAdmin} actions={forAdmin && <AdminReturnActions made={made} lines={order.lines} />} />
          ))}
        </ul>
      )}
      {canAsk && (
        <div className={returns.length > 0 ? 'mt-4 border-t border-base-300 pt-4' : ''}>
          <ReturnRequestDialog order={order} returnable={returnable} />
        </div>
      )}
    </OrderCard>
  );
}
