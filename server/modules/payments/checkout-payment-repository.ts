import type { Database } from '../../db/database.ts';

/** The payments started for each checkout at the processor (ADR 018), so that each can be released when the checkout ends unpaid. */
export function createCheckoutPaymentRepository(db: Database) {
  return {
    /** Records a payment for a checkout; the same payment again (Stripe answers a repeated creation with it) is kept once. */
    async record(paymentId: string, checkoutId: string, now: string): Promise<void> {
      await db
        .insertInto('checkout_payments')
        .values({ payment_id: paymentId, checkout_id: checkoutId, created_at: now })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
    },

    async paymentsOf(checkoutId: string): Promise<string[]> {
      const rows = await db.selectFrom('checkout_payments').select('payment_id').where('checkout_id', '=', checkoutId).orderBy('created_at').execute();
      return rows.map((row) => row.payment_id);
    },
  };
}

export type CheckoutPaymentRepository = ReturnType<typeof createCheckoutPaymentRepository>;
