import type { Kysely, Migration } from 'kysely';

/**
 * Refunds (ADR 012). An order counts the pieces its refunds put back in stock, so that no two
 * refunds return the same piece; a refund is recorded once per processor refund, whoever made it
 * (the shop, or someone in Stripe's dashboard, heard of by webhook); and a Stripe webhook finds its
 * order by the payment that paid it. The local test processor keeps its refunds as Stripe does: a
 * payment is refunded at most up to what was captured, each refund once per idempotency key.
 */
export const refundsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('restocked_quantity', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('orders_transaction_id_idx').on('orders').column('transaction_id').execute();
    await db.schema.createIndex('refunds_gateway_refund_id_idx').on('refunds').column('gateway_refund_id').unique().execute();

    await db.schema
      .alterTable('local_payment_intents')
      .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('local_refunds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('payment_id', 'text', (col) => col.notNull().references('local_payment_intents.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('local_refunds_payment_id_idx').on('local_refunds').columns(['payment_id', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('local_refunds').execute();
    await db.schema.alterTable('local_payment_intents').dropColumn('refunded_cents').execute();
    await db.schema.dropIndex('refunds_gateway_refund_id_idx').execute();
    await db.schema.dropIndex('orders_transaction_id_idx').execute();
    await db.schema.alterTable('orders').dropColumn('restocked_quantity').execute();
  },
};
