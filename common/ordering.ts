/**
 * The specification's order rules, shared by the purchase page (quick feedback) and the server
 * (which decides): a quantity is accepted only if minQuantity <= quantity < availQuantity, and the
 * total is quantity × unit price. A product no quantity can satisfy (availQuantity <= minQuantity) is
 * sold out. The order form's schema in common/schemas/orders.ts applies them.
 */
export const orderMessages = {
  quantityUpdated: 'Your Order Quantity has been updated',
  orderAtLeastAlert: (min: number) => `You have to Order At least ${min}`,
  orderAtLeast: (min: number) => `Please Order At least ${min}`,
  orderAtMost: (most: number) => `Please order at most ${most}: that is all we have left.`,
  wholeNumber: 'Please order a whole number of pieces.',
  soldOut: 'Sold out: there are none left to order.',
  placed: 'Order Placed. Please Clear Your Payment At My Orders Section to confirm',
  phoneRequired: 'Phone is Required',
  // The wire spells the field `adress`, as the specification does; people read it spelled right.
  adressRequired: 'Address is Required',
  tooExpensive: 'One order can be at most $999,999.99. Please order fewer pieces.',
} as const;

/** The card processors' largest single charge, in cents ($999,999.99). */
export const maxOrderTotalCents = 99_999_999;

export const orderLimits = { phone: 30, adress: 300 } as const;

export interface Stock {
  minQuantity: number;
  availQuantity: number;
}

export function isOrderableQuantity(quantity: number, stock: Stock): boolean {
  return Number.isInteger(quantity) && quantity >= stock.minQuantity && quantity < stock.availQuantity;
}

/** The most pieces one order can take: one fewer than in stock, by the specification's rule (0 when none). */
export function orderableUnits(stock: Stock): number {
  return Math.max(0, stock.availQuantity - 1);
}

/** No quantity can be ordered: even the minimum order is not below the stock. */
export function isSoldOut(stock: Stock): boolean {
  return orderableUnits(stock) < stock.minQuantity;
}

/** At or below this many orderable pieces, customers are told "Only N left". */
export const lowStockUnits = 5;

/** What customers are told of a product's stock: sold out, only a few left, or nothing in particular. */
export type StockState = { kind: 'sold-out' } | { kind: 'low'; left: number } | { kind: 'in-stock'; left: number };

export function stockState(stock: Stock): StockState {
  if (isSoldOut(stock)) return { kind: 'sold-out' };
  const left = orderableUnits(stock);
  return left <= lowStockUnits ? { kind: 'low', left } : { kind: 'in-stock', left };
}

/**
 * Why a quantity cannot be ordered, or undefined when it can: one message, for what is wrong. The
 * specification's "Please Order At least {min}" for too few; for too many, the most that can be
 * ordered, which is never below the minimum (a product where it would be is sold out).
 */
export function quantityProblem(quantity: number, stock: Stock): string | undefined {
  if (isSoldOut(stock)) return orderMessages.soldOut;
  if (!Number.isFinite(quantity) || quantity < stock.minQuantity) return orderMessages.orderAtLeast(stock.minQuantity);
  if (!Number.isInteger(quantity)) return orderMessages.wholeNumber;
  if (quantity >= stock.availQuantity) return orderMessages.orderAtMost(orderableUnits(stock));
  return undefined;
}

export function orderTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

/**
 * Where a paid order is on its way to the customer (beyond the specification's 'Pending'); `refunded`
 * when its whole price was given back before it was sent: there is nothing to send any more.
 */
export const shippingStatuses = ['pending', 'shipped', 'delivered', 'refunded'] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

/** The one step an admin may take from each shipping status. */
export const nextShippingStatus: Record<ShippingStatus, ShippingStatus | undefined> = {
  pending: 'shipped',
  shipped: 'delivered',
  delivered: undefined,
  refunded: undefined,
};

export const shippingLabels: Record<ShippingStatus, string> = { pending: 'Pending', shipped: 'Shipped', delivered: 'Delivered', refunded: 'Nothing to ship' };

/** The first order number the shop gives. */
export const firstOrderNumber = 1042;

/** An order's number as people read, write and search it: J-1042. */
export function orderNumberLabel(number: number): string {
  return `J-${number}`;
}

/** The order number in what someone typed ("J-1042", "j1042", "1042"), if it is one. */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^\s*(?:j-?\s*)?(\d{1,9})\s*$/i.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Where an order stands, as the customer and the admin see it and the admin filters by: waiting for
 * payment, paid and waiting to be shipped, some of its pieces sent and some still to send, shipped,
 * delivered, refunded in full before it was sent (nothing to ship), or cancelled (by a person, or by
 * the shop when it stayed unpaid too long: expired). Partial refunds are told apart by the refunded amount.
 */
export const orderStages = ['unpaid', 'to-ship', 'partly-shipped', 'shipped', 'delivered', 'refunded', 'cancelled', 'expired'] as const;
export type OrderStage = (typeof orderStages)[number];

/**
 * Who ended an unpaid order: its customer, an admin, the shop when it stayed unpaid too long (expired),
 * or the customer's own later checkout of the same cart (replaced), which took its place.
 */
export const cancelReasons = ['customer', 'admin', 'expired', 'replaced'] as const;

/** Why an open unpaid order cannot be paid now: too few pieces left, or its product no longer sold. */
export const unpayableReasons = ['out-of-stock', 'product-gone'] as const;
export type UnpayableReason = (typeof unpayableReasons)[number];
export type CancelReason = (typeof cancelReasons)[number];

/** Where an order stands; `shippedPieces` are the pieces sent so far by its shipments (a pending order with some is partly shipped). */
export function orderStage(order: { paymentStatus: 'unpaid' | 'paid'; shippingStatus?: ShippingStatus; cancelReason?: CancelReason; shippedPieces?: number }): OrderStage {
  if (order.cancelReason) return order.cancelReason === 'expired' ? 'expired' : 'cancelled';
  if (order.paymentStatus === 'unpaid') return 'unpaid';
  if (order.shippingStatus === 'shipped') return 'shipped';
  if (order.shippingStatus === 'delivered') return 'delivered';
  if (order.shippingStatus === 'refunded') return 'refunded';
  return (order.shippedPieces ?? 0) > 0 ? 'partly-shipped' : 'to-ship';
}

/**
 * How many of a line's pieces are still to send: those neither shipped nor refunded. A refund of a
 * line counts first against its pieces not yet sent (a piece sent and then paid back was returned).
 */
export function piecesToShip(line: { quantity: number; shippedQuantity: number; refundedQuantity: number }): number {
  return Math.max(0, line.quantity - line.shippedQuantity - line.refundedQuantity);
}

/** What the specification's one `product` field says of an order: its first line's name, and how many more lines it has. */
export function orderProductLabel(lineNames: readonly string[]): string {
  const [first = '', ...rest] = lineNames;
  return rest.length === 0 ? first : `${first} and ${rest.length} more`;
}

/** How much of a paid order has been given back: nothing, part of it, or all of it. */
export const refundStatuses = ['none', 'partial', 'full'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export function refundStatus(refundedCents: number, priceCents: number): RefundStatus {
  if (refundedCents <= 0) return 'none';
  return refundedCents >= priceCents ? 'full' : 'partial';
}
