import type { OrderLine } from '../schemas/orders.ts';

/**
 * Builders for the unit tests of what common/ reckons from an order (its timeline, its receipt), so
 * that a line looks the same in each and a field added to the wire's line is added here once.
 */

/** A line as the wire has it, nothing of it shipped or refunded; its picture and product id follow from `lineId`. */
export const orderLine = (lineId: string, product: string, unitPrice: number, quantity: number): OrderLine => ({
  lineId,
  productId: `product-${lineId}`,
  product,
  img: `/images/products/${lineId}.webp`,
  unitPrice,
  quantity,
  price: unitPrice * quantity,
  shippedQuantity: 0,
  refundedQuantity: 0,
  restockedQuantity: 0,
});
