import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LocalPaymentIntentsTable, LocalRefundsTable } from '../../db/schema.ts';

export type LocalPaymentRow = Selectable<LocalPaymentIntentsTable>;
export type LocalRefundRow = Selectable<LocalRefundsTable>;

/** Why the local processor refused a refund: no such payment, not captured, or not that much left. */
export type LocalRefundRefusal = 'unknown-payment' | 'not-captured' | 'too-large';

class RefundRefused extends Error {
  constructor(readonly refusal: LocalRefundRefusal) {
    super(refusal);
  }
}

/** The local test processor's ledger, in the shop's database so that every process sees it. */
export function createLocalPaymentRepository(db: Database) {
  return {
    async insert(row: Insertable<LocalPaymentIntentsTable>): Promise<void> {
      await db.insertInto('local_payment_intents').values(row).execute();
    },

    findById(id: string): Promise<LocalPaymentRow | undefined> {
      return db.selectFrom('local_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findBySecret(clientSecret: string): Promise<LocalPaymentRow | undefined> {
      return db.selectFrom('local_payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
    },

    /**
     * Authorises the payment with this client secret while it waits for a card, recording the card's
     * brand and last four; answers its id and order, or undefined when no payment waits with it.
     */
    authorise(clientSecret: string, card: { brand: string; last4: string }, now: string): Promise<Pick<LocalPaymentRow, 'id' | 'order_id'> | undefined> {
      return db
        .updateTable('local_payment_intents')
        .set({ status: 'requires_capture', card_brand: card.brand, card_last4: card.last4, updated_at: now })
        .where('client_secret', '=', clientSecret)
        .where('status', '=', 'requires_payment_method')
        .returning(['id', 'order_id'])
        .executeTakeFirst();
    },

    /** Moves a payment from one status to another; false when it was not in `from` any more. */
    async transition(id: string, from: LocalPaymentRow['status'][], to: LocalPaymentRow['status'], now: string): Promise<boolean> {
      const result = await db.updateTable('local_payment_intents').set({ status: to, updated_at: now }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Refunds part of a captured payment: the refund's row and the payment's refunded total in one
     * transaction, the total rising only while it stays within the amount captured. A refund with
     * this key made already answers that refund (the row goes first, so two calls with one key
     * refund once). Answers the refund made, or why there is none.
     */
    async refund(row: LocalRefundRow): Promise<{ refund: LocalRefundRow } | { refusal: LocalRefundRefusal }> {
      return db
        .transaction()
        .execute(async (trx) => {
          const payment = await trx.selectFrom('local_payment_intents').select('status').where('id', '=', row.payment_id).executeTakeFirst();
          if (!payment) return { refusal: 'unknown-payment' as const };
          const inserted = await trx
            .insertInto('local_refunds')
            .values(row)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
            .returningAll()
            .executeTakeFirst();
          if (!inserted) {
            return { refund: await trx.selectFrom('local_refunds').selectAll().where('idempotency_key', '=', row.idempotency_key).executeTakeFirstOrThrow() };
          }
          const paid = await trx
            .updateTable('local_payment_intents')
            .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', row.amount_cents), updated_at: row.created_at }))
            .where('id', '=', row.payment_id)
            .where('status', '=', 'succeeded')
            .where((eb) => eb(eb('refunded_cents', '+', row.amount_cents), '<=', eb.ref('amount_cents')))
            .executeTakeFirst();
          if (Number(paid.numUpdatedRows) === 1) return { refund: inserted };
          throw new RefundRefused(payment.status === 'succeeded' ? 'too-large' : 'not-captured');
        })
        .catch((error: unknown) => {
          if (error instanceof RefundRefused) return { refusal: error.refusal };
          throw error;
        });
    },

    refundsOf(paymentId: string): Promise<LocalRefundRow[]> {
      return db.selectFrom('local_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('created_at').execute();
    },
  };
}

export type LocalPaymentRepository = ReturnType<typeof createLocalPaymentRepository>;
