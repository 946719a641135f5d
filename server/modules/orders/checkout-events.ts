import type { Checkout } from '../../../common/schemas/checkouts.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { Database } from '../../db/database.ts';

/**
 * What the orders module announces as a checkout changes (ADR 018), as `OrderEvents` does for an
 * order (ADR 011): each method runs inside the transaction of the change.
 */
export interface CheckoutEvents {
  /**
   * The money for a checkout has been taken: announced once, never for a payment only authorised.
   * `orders` are the orders its lines became; `customerId` the account that paid (null if deleted).
   */
  paid(transaction: Database, checkout: Checkout, orders: Order[], customerId: string | null): Promise<void>;
  /** An open checkout ended unpaid: the customer opened another, or it was left unpaid too long. It can never be paid. */
  cancelled(transaction: Database, checkout: Checkout): Promise<void>;
}

/** Several listeners as one, each called in the order given, in the same transaction. */
export function combineCheckoutEvents(...listeners: Partial<CheckoutEvents>[]): CheckoutEvents {
  return {
    async paid(transaction, checkout, orders, customerId) {
      for (const listener of listeners) await listener.paid?.(transaction, checkout, orders, customerId);
    },
    async cancelled(transaction, checkout) {
      for (const listener of listeners) await listener.cancelled?.(transaction, checkout);
    },
  };
}
