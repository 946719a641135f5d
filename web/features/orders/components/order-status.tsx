import { shippingLabels } from '../../../../common/ordering.ts';
import type { Order } from '../../../../common/schemas/orders.ts';

const shippingTones = { pending: 'badge-warning', shipped: 'badge-info', delivered: 'badge-success' } as const;

/** Paid (with how far its shipping has got) or Not Paid, as a badge. */
export function OrderStatusBadge({ order }: { order: Order }) {
  if (order.paymentStatus !== 'paid') return <span className="badge badge-ghost whitespace-nowrap">Not Paid</span>;
  const shipping = order.shippingStatus ?? 'pending';
  return <span className={`badge whitespace-nowrap ${shippingTones[shipping]}`}>{shippingLabels[shipping]}</span>;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function orderDate(order: Order): string {
  return dateFormat.format(new Date(order.createdAt));
}
