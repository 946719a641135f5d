import { formatUsd } from '../../../../common/money.ts';
import { shippingLabels } from '../../../../common/ordering.ts';
import type { Order } from '../../../../common/schemas/orders.ts';

const shippingTones = { pending: 'badge-warning', shipped: 'badge-info', delivered: 'badge-success' } as const;

/** Paid (with how far its shipping has got), Not Paid, or how it ended (cancelled or expired), as a badge. */
export function OrderStatusBadge({ order }: { order: Order }) {
  if (order.stage === 'cancelled' || order.stage === 'expired') {
    return <span className="badge badge-ghost whitespace-nowrap">{order.stage === 'expired' ? 'Expired' : 'Cancelled'}</span>;
  }
  if (order.paymentStatus !== 'paid') return <span className="badge badge-ghost whitespace-nowrap">Not Paid</span>;
  const shipping = order.shippingStatus ?? 'pending';
  return <span className={`badge whitespace-nowrap ${shippingTones[shipping]}`}>{shippingLabels[shipping]}</span>;
}

/** How much of a paid order was given back, when any was. */
export function RefundBadge({ order }: { order: Order }) {
  if (order.refundedAmount <= 0) return null;
  const whole = order.refundedAmount >= order.price;
  return (
    <span className="badge badge-outline badge-error whitespace-nowrap">{whole ? 'Refunded' : `Refunded ${formatUsd(order.refundedAmount)}`}</span>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function orderDate(order: Order): string {
  return dateFormat.format(new Date(order.createdAt));
}
