import type { Kysely, Migration } from 'kysely';

/**
 * Cancelled orders are kept and unpaid ones expire (ADR 013). The expiry sweep looks for open unpaid
 * orders placed before a cut-off, oldest first, through `orders_unpaid_idx` (migration 009: the open
 * unpaid orders by time). Every payment started for an order is recorded with it, whichever the
 * processor, so that cancelling the order can release each card hold it may have.
 */
export const orderExpiryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_payments')
      .addColumn('payment_id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('order_payments_order_id_idx').on('order_payments').column('order_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('order_payments').execute();
  },
};
