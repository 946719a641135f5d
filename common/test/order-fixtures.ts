import type { Order, OrderLine, OrderTotals } from '../schemas/orders.ts';

/**
 * Builders for the tests of what is reckoned from an order (its timeline, its receipt, the API's and the
 * web app's answers), so that an order looks the same in each and a field added to the wire's order or
 * line is added here once.
 */

/** A line as the wire has it, nothing of it shipped or refunded; its picture and product id follow from `lineId`. */
export const orderLine = (lineId: string, product: string, unitPrice: number, quantity: number): OrderLine => ({
  lineId,
  productId: `product-${lineId}`,
  variantId: `product-${lineId}`,
  sku: `JNR-${lineId.toUpperCase()}`,
  variant: '',
  product,
  img: `/images/products/${lineId}.webp`,
  unitPrice,
  quantity,
  price: unitPrice * quantity,
  shippedQuantity: 0,
  refundedQuantity: 0,
  restockedQuantity: 0,
  discount: 0,
  taxRate: 0,
  tax: 0,
  total: unitPrice * quantity,
});

/** No tax charged (a place the tax table has no rate for). */
export const untaxed = { taxIncluded: false, reverseCharge: false, taxByRate: [] } as const satisfies Partial<OrderTotals>;

/** Nothing of the order paid back, nor put back in stock. */
export const nothingRefunded = { refundedAmount: 0, refundStatus: 'none', restockedQuantity: 0 } as const satisfies Partial<Order>;

/** Placed, and not paid yet. */
export const notPaidYet = { paymentStatus: 'unpaid', stage: 'unpaid', ...nothingRefunded } as const satisfies Partial<Order>;

/** Paid by a Visa ending 4242, and waiting to be shipped; its `transactionId` and `paidAt` are the test's. */
export const paidByVisa = {
  paymentStatus: 'paid',
  shippingStatus: 'pending',
  stage: 'to-ship',
  cardBrand: 'visa',
  cardLast4: '4242',
  ...nothingRefunded,
} as const satisfies Partial<Order>;

/**
 * Ada's order J-1042 of `lines` (two or more), placed on March 1, 2026 and not paid yet. Its
 * one-product fields are its first line's, as the server sets them; it costs its `totals`' total.
 */
export function adasOrder(lines: OrderLine[], totals: Omit<OrderTotals, 'currency' | 'taxIncluded' | 'reverseCharge' | 'taxByRate'> & Partial<OrderTotals>): Order {
  const [first] = lines as [OrderLine, ...OrderLine[]];
  return {
    _id: 'order-1',
    productId: first.productId,
    product: `${first.product} and ${lines.length - 1} more`,
    cutomerName: 'Ada Lovelace',
    email: 'ada@example.com',
    unitPrice: first.unitPrice,
    price: totals.total,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    phone: '+1 555 010 2030',
    adress: '12 Bench Lane',
    createdAt: '2026-03-01T09:00:00.000Z',
    number: 1042,
    orderNumber: 'J-1042',
    ...notPaidYet,
    lines,
    totals: { ...untaxed, ...totals, currency: 'USD' },
    guest: false,
  };
}
