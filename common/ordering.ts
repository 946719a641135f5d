/**
 * The specification's order rules, shared by the purchase page (quick feedback) and the server
 * (which decides): a quantity is accepted only if minQuantity <= quantity < availQuantity, and the
 * total is quantity × unit price. The order form's schema in common/schemas/orders.ts applies them.
 */
export const orderMessages = {
  quantityUpdated: 'Your Order Quantity has been updated',
  orderAtLeastAlert: (min: number) => `You have to Order At least ${min}`,
  orderAtLeast: (min: number) => `Please Order At least ${min}`,
  orderFewerThan: (avail: number) => `We have ${avail} in stock: please order fewer than ${avail}.`,
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

/** Why a quantity cannot be ordered, or undefined when it can. */
export function quantityProblem(quantity: number, stock: Stock): string | undefined {
  if (!Number.isInteger(quantity) || quantity < stock.minQuantity) return orderMessages.orderAtLeast(stock.minQuantity);
  if (quantity >= stock.availQuantity) return orderMessages.orderFewerThan(stock.availQuantity);
  return undefined;
}

export function orderTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

/** Where a paid order is on its way to the customer (beyond the specification's 'Pending'). */
export const shippingStatuses = ['pending', 'shipped', 'delivered'] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

/** The one step an admin may take from each shipping status. */
export const nextShippingStatus: Record<ShippingStatus, ShippingStatus | undefined> = {
  pending: 'shipped',
  shipped: 'delivered',
  delivered: undefined,
};

export const shippingLabels: Record<ShippingStatus, string> = { pending: 'Pending', shipped: 'Shipped', delivered: 'Delivered' };
