import type { Database } from '../../db/database.ts';
import type { LocalPaymentIntentsTable } from '../../db/schema.ts';

export type LocalPaymentRow = LocalPaymentIntentsTable;

/** The local test processor's ledger, in the shop's database so that every process sees it. */
export function createLocalPaymentRepository(db: Database) {
  return {
    async insert(row: LocalPaymentRow): Promise<void> {
      await db.insertInto('local_payment_intents').values(row).execute();
    },

    findById(id: string): Promise<LocalPaymentRow | undefined> {
      return db.selectFrom('local_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findBySecret(clientSecret: string): Promise<LocalPaymentRow | undefined> {
      return db.selectFrom('local_payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
    },

    /** Authorises a payment waiting for a card, recording the card's brand and last four; false when it was not waiting any more. */
    async authorise(id: string, card: { brand: string; last4: string }, now: string): Promise<boolean> {
      const result = await db
        .updateTable('local_payment_intents')
        .set({ status: 'requires_capture', card_brand: card.brand, card_last4: card.last4, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'requires_payment_method')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a payment from one status to another; false when it was not in `from` any more. */
    async transition(id: string, from: LocalPaymentRow['status'][], to: LocalPaymentRow['status'], now: string): Promise<boolean> {
      const result = await db
        .updateTable('local_payment_intents')
        .set({ status: to, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type LocalPaymentRepository = ReturnType<typeof createLocalPaymentRepository>;
