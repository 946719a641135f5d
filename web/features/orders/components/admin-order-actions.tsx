import { isPhoneAccountEmail } from '../../../../common/account-contact.ts';
import type { OrderDetails } from '../../../../common/schemas/order-details.ts';
import { useStaffRight } from '../../auth/api/session-queries.ts';
import { DeliverOrderButton } from './deliver-order-button.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { ShipOrderButton } from './ship-order-button.tsx';

/**
 * What the shop's admin can do with one order, on its detail page: ship what is left to send, mark it
 * delivered once all of it is on its way, refund it (when paid), reach the customer. Each action shows
 * only to staff whose role may take it (ADR 042): shipping needs 'orders', refunding 'refunds'.
 */
export function AdminOrderActions({ details }: { details: OrderDetails }) {
  const { order } = details;
  const ships = useStaffRight('orders');
  const refunds = useStaffRight('refunds');
  return (
    <section aria-labelledby="admin-actions" data-slot="admin-order-actions" className="rounded-xl border border-primary/30 bg-primary/5 p-5 print:hidden">
      <h2 id="admin-actions" className="text-sm font-semibold uppercase tracking-wider text-primary">
        Admin actions
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {ships && (order.stage === 'to-ship' || order.stage === 'partly-shipped') && <ShipOrderButton order={order} />}
        {ships && order.stage === 'shipped' && <DeliverOrderButton order={order} />}
        {refunds && <RefundDialog order={order} />}
        {/* A phone account has no address that mail reaches: its customer is called instead. */}
        {isPhoneAccountEmail(order.email) ? (
          <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="btn btn-outline btn-sm">
            Call the customer
          </a>
        ) : (
          <a href={`mailto:${order.email}?subject=${encodeURIComponent(`Your Joinery order ${order.orderNumber}`)}`} className="btn btn-outline btn-sm">
            Email the customer
          </a>
        )}
      </div>
    </section>
  );
}
