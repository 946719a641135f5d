import type { OrderStage } from '../../../../common/ordering.ts';
import type { Order } from '../../../../common/schemas/orders.ts';

const stages: Record<OrderStage, { label: string; tone: string }> = {
  unpaid: { label: 'Not paid', tone: 'badge-ghost' },
  'to-ship': { label: 'Paid · to ship', tone: 'badge-warning' },
  // Some pieces are on their way, others still to send.
  'partly-shipped': { label: 'Partly shipped', tone: 'badge-info badge-outline' },
  shipped: { label: 'Shipped', tone: 'badge-info' },
  delivered: { label: 'Delivered', tone: 'badge-success' },
  // Refunded in full before it was sent; the refund's own badge says "Refunded" beside it.
  refunded: { label: 'Nothing to ship', tone: 'badge-ghost' },
  cancelled: { label: 'Cancelled', tone: 'badge-error badge-outline' },
  expired: { label: 'Expired', tone: 'badge-error badge-outline' },
};

/**
 * Where the order stands, and whether any of it was refunded, as badges. `besidePaid` is for a place
 * that shows the specification's Paid badge already: there the paid order waiting to be sent reads
 * "To ship" rather than saying Paid twice.
 */
export function OrderStageBadge({ order, besidePaid = false }: { order: Order; besidePaid?: boolean }) {
  const stage = stages[order.stage];
  const label = besidePaid && order.stage === 'to-ship' ? 'To ship' : stage.label;
  const refund = order.refundedAmount <= 0 ? undefined : order.refundedAmount >= order.price ? 'Refunded' : 'Partly refunded';
  return (
    <span className="inline-flex flex-wrap gap-2">
      <span className={`badge whitespace-nowrap ${stage.tone}`}>{label}</span>
      {refund && <span className="badge badge-neutral badge-outline whitespace-nowrap">{refund}</span>}
    </span>
  );
}
