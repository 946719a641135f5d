import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The orders a stopped process left between marking them paid and recording their capture, which the
 * payments module's sweep looks for every minute (ADR 069): paid, their capture not recorded, by when
 * they were paid. The index holds only such orders, a handful at most, however many orders the shop has.
 */
export const ordersAwaitingCaptureMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('orders_awaiting_capture_idx')
      .on('orders')
      // captured_at first, though always null here: SQLite, which keeps no statistics, takes the query's
      // `captured_at is null` as a lookup on it and so prefers this index to orders_status_idx, which
      // would read every paid order for its `payment_status = 'paid'`.
      .columns(['captured_at', 'paid_at'])
      .where((eb) => eb.and([eb(sql.ref('payment_status'), '=', sql.lit('paid')), eb(sql.ref('captured_at'), 'is', null)]))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_awaiting_capture_idx').execute();
  },
};
