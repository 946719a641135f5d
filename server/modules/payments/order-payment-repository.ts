import type { Database } from '../../db/database.ts';

/** The payments started for each order at the processor, so that each can be released when the order is cancelled. */
export function createOrderPaymentRepository(db: Database) {
  return {
    /** Records a payment for an order; the same payment again (Stripe answers a repeated creation with it) is kept once. */
    async record(paymentId: string, orderId: string, now: string): Promise<void> {
      await db
        .insertInto('order_payments')
        .values({ payment_id: paymentId, order_id: orderId, created_at: now })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
    },

    async paymentsOf(orderId: string): Promise<string[]> {
      const rows = await db.selectFrom('order_payments').select('payment_id').where('order_id', '=', orderId).orderBy('created_at').execute();
      return rows.map((row) => row.payment_id);
    },
  };
}

export type OrderPaymentRepository = ReturnType<typeof createOrderPaymentRepository>;
