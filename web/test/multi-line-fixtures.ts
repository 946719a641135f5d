import { orderSchema, type Order } from '../../common/schemas/orders.ts';
import { cartOrder } from './fixtures.ts';

// The admin's side of an order of many lines, at the stages their dialogs meet it. Each is checked
// against the wire schema, as the server sends it.

/** The cart's order (3 gauges at $12.50, a saw at $64, 2 planes at $89; $303.06 in all with shipping, its code and tax), paid, nothing sent yet. */
export const paidCartOrder: Order = orderSchema.parse({
  ...cartOrder,
  paymentStatus: 'paid',
  transactionId: 'pi_local_cart',
  paidAt: '2026-11-20T10:05:00.000Z',
  shippingStatus: 'pending',
  stage: 'to-ship',
});

/** The same order after a first parcel with the gauges and the saw: the planes are still to ship. */
export const partlyShippedOrder: Order = orderSchema.parse({
  ...paidCartOrder,
  stage: 'partly-shipped',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  lines: paidCartOrder.lines.map((line) => (line.product === 'Block Plane' ? line : { ...line, shippedQuantity: line.quantity })),
});

/**
 * The same order, nothing sent, after one gauge was paid back and put back in stock: $13.01 refunded,
 * its third of what the gauges' line cost after its discount, with its tax.
 */
export const partlyRefundedOrder: Order = orderSchema.parse({
  ...paidCartOrder,
  refundedAmount: 13.01,
  refundStatus: 'partial',
  restockedQuantity: 1,
  lines: paidCartOrder.lines.map((line) => (line.product === 'Marking Gauge' ? { ...line, refundedQuantity: 1, restockedQuantity: 1 } : line)),
});
