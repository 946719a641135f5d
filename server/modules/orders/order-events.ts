import type { Order, OrderShipment } from '../../../common/schemas/orders.ts';
import type { Database } from '../../db/database.ts';

/**
 * What the orders module announces as an order changes. Each method runs inside the transaction of
 * the change, which it receives: whatever it records there (a queued e-mail) commits or rolls back
 * with the change. The orders module knows nothing of what listeners do with the news (ADR 011).
 */
export interface OrderEvents {
  /** A customer placed an order; it waits for payment. */
  placed(transaction: Database, order: Order): Promise<void>;
  /**
   * The money for the order has been taken: announced once per order. An order marked paid by a
   * payment only authorised is announced when its capture is recorded (ADR 056), never before.
   */
  paid(transaction: Database, order: Order, buyer: PaidOrderBuyer): Promise<void>;
  /** A parcel was sent: `shipment` is what it holds; `order` is partly shipped while pieces are left to send. */
  shipped(transaction: Database, order: Order, shipment: OrderShipment): Promise<void>;
  delivered(transaction: Database, order: Order): Promise<void>;
  /**
   * An unpaid order was cancelled, by its customer or an admin, or by the shop because it stayed
   * unpaid too long (`cancelReason` says which). It is kept, and can never be paid any more.
   */
  cancelled(transaction: Database, order: Order): Promise<void>;
  /** Money was given back for a paid order (by the shop, or at the card processor); `order` includes it. */
  refunded(transaction: Database, order: Order, refund: RefundNews): Promise<void>;
}

/** Who paid an order: the account (null once deleted), and whether the order was the checkout of their cart. */
export interface PaidOrderBuyer {
  userId: string | null;
  fromCart: boolean;
}

/** One refund as its customer hears of it, and its credit note is written from. */
export interface RefundNews {
  id: string;
  /** US dollars given back by this refund. */
  amount: number;
  reason: string;
  /** For a refund by line: the pieces of each line it paid back. */
  pieces: readonly { lineId: string; quantity: number }[];
}

/**
 * Several listeners as one: each method calls every listener that has it, in the order given, in
 * the same transaction. A listener that throws rolls the change back, as with a single one.
 */
export function combineOrderEvents(...listeners: Partial<OrderEvents>[]): OrderEvents {
  const each =
    (name: Exclude<keyof OrderEvents, 'refunded' | 'paid' | 'shipped'>) =>
    async (transaction: Database, order: Order): Promise<void> => {
      for (const listener of listeners) await listener[name]?.(transaction, order);
    };
  return {
    placed: each('placed'),
    async paid(transaction, order, buyer) {
      for (const listener of listeners) await listener.paid?.(transaction, order, buyer);
    },
    async shipped(transaction, order, shipment) {
      for (const listener of listeners) await listener.shipped?.(transaction, order, shipment);
    },
    delivered: each('delivered'),
    cancelled: each('cancelled'),
    async refunded(transaction, order, refund) {
      for (const listener of listeners) await listener.refunded?.(transaction, order, refund);
    },
  };
}
