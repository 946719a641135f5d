import type { Kysely, Migration } from 'kysely';

/**
 * Paying for orders: who owns an order, when it was paid and how far its shipping has got; the local
 * test processor's payments; and the Stripe events already handled, so that a repeat is handled once.
 */
export const paymentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('user_id', 'text', (col) => col.references('user.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('shipping_status', 'text').execute();
    // My Orders lists a customer's orders newest first (the list by e-mail has its index already).
    await db.schema.createIndex('orders_user_id_created_at_idx').on('orders').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('local_payment_intents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('client_secret', 'text', (col) => col.notNull().unique())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('processed_webhook_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('processed_webhook_events').execute();
    await db.schema.dropTable('local_payment_intents').execute();
    await db.schema.dropIndex('orders_user_id_created_at_idx').execute();
    for (const column of ['shipping_status', 'paid_at', 'user_id']) await db.schema.alterTable('orders').dropColumn(column).execute();
  },
};
