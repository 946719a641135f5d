import { formatUsd } from '../../../../common/money.ts';
import { shippingLabels } from '../../../../common/ordering.ts';
import type { Order } from '../../../../common/schemas/orders.ts';

const shippingTones = { pending: 'badge-warning', shipped: 'badge-info', delivered: 'badge-success', refunded: 'badge-ghost' } as const;

/** Whether an unpaid order can still be paid or cancelled: not once it is cancelled or expired. */
export function isOpenUnpaid(order: Order): boolean {
  return order.stage === 'unpaid';
}

/** Paid (with how far its shipping has got), Cancelled, Expired, Out of stock or Not Paid, as a badge. */
export function OrderStatusBadge({ order }: { order: Order }) {
  if (order.stage === 'cancelled') return <span className="badge badge-ghost whitespace-nowrap border-stone-300 text-stone-700">Cancelled</span>;
  if (order.stage === 'expired') return <span className="badge badge-ghost whitespace-nowrap border-stone-300 text-stone-700">Expired</span>;
  if (order.unpayable) return <span className="badge badge-error badge-outline whitespace-nowrap">{order.unpayable === 'out-of-stock' ? 'Out of stock' : 'No longer sold'}</span>;
  if (order.paymentStatus !== 'paid') return <span className="badge badge-ghost whitespace-nowrap">Not Paid</span>;
  const shipping = order.shippingStatus ?? 'pending';
  return <span className={`badge whitespace-nowrap ${shippingTones[shipping]}`}>{shippingLabels[shipping]}</span>;
}

/** How much of a paid order was given back, when any was. */
export function RefundBadge({ order }: { order: Order }) {
  if (order.refundedAmount <= 0) return null;
  const whole = order.refundedAmount >= order.price;
  return <span className="badge badge-outline badge-error whitespace-nowrap">{whole ? 'Refunded' : `Refunded ${formatUsd(order.refundedAmount)}`}</span>;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function orderDate(order: Order): string {
  return dateFormat.format(new Date(order.createdAt));
}
