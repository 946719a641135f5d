import type { Order } from '../../../../common/schemas/orders.ts';
import type { OrderSummary } from './email-content.ts';

/** An order of the specification's shape (one product) as a message's order table. */
export function summaryOf(order: Order): OrderSummary {
  return {
    reference: order.orderNumber,
    lines: [{ name: order.product, quantity: order.quantity, unitPrice: order.unitPrice, total: order.price }],
    total: order.price,
  };
}
