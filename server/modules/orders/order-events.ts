import type { Order } from '../../../common/schemas/orders.ts';
import type { Database } from '../../db/database.ts';

/**
 * What the orders module announces as an order changes. Each method runs inside the transaction of
 * the change, which it receives: whatever it records there (a queued e-mail) commits or rolls back
 * with the change. The orders module knows nothing of what listeners do with the news (ADR 011).
 */
export interface OrderEvents {
  /** A customer placed an order; it waits for payment. */
  placed(transaction: Database, order: Order): Promise<void>;
  /** The money for the order has been taken: announced once per order, never for a payment only authorised. */
  paid(transaction: Database, order: Order): Promise<void>;
  shipped(transaction: Database, order: Order): Promise<void>;
  delivered(transaction: Database, order: Order): Promise<void>;
  /** An unpaid order was cancelled (deleted) by its customer or an admin; `order` is as it was. */
  cancelled(transaction: Database, order: Order): Promise<void>;
  /** Money was given back for a paid order (by the shop, or at the card processor); `order` includes it. */
  refunded(transaction: Database, order: Order, refund: RefundNews): Promise<void>;
}

/** One refund as its customer hears of it. */
export interface RefundNews {
  /** US dollars given back by this refund. */
  amount: number;
  reason: string;
}
