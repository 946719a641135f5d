import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Returns and exchanges (issue 28, ADR 040):
 * - `returns`: a customer's request to send back pieces of a delivered order, numbered within its
 *   order (`seq`, unique per order, taken while the order's row is held), and what the admin decided:
 *   approved or refused (with why), then received with its resolution, the refund that paid the
 *   pieces back or the order that exchanged them;
 * - `return_lines`: the pieces of each order line a return sends back.
 * The return window is a shop setting (`shop_settings`, key `return-window-days`), so needs no column.
 */
export const returnsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('returns')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('requested', 'approved', 'refused', 'received')`))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('note', 'text')
      .addColumn('refusal_reason', 'text')
      .addColumn('resolution', 'text', (col) => col.check(sql`resolution in ('refund', 'exchange')`))
      .addColumn('refund_id', 'text', (col) => col.references('refunds.id').onDelete('set null'))
      .addColumn('exchange_variant_id', 'text')
      .addColumn('exchange_order_id', 'text', (col) => col.references('orders.id').onDelete('set null'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('received_at', 'text')
      .execute();
    // Numbers a return within its order, and makes two requests taking the same number impossible.
    await db.schema.createIndex('returns_order_seq_idx').on('returns').columns(['order_id', 'seq']).unique().execute();
    // The admin's list of returns at a status, oldest waiting first.
    await db.schema.createIndex('returns_status_created_idx').on('returns').columns(['status', 'created_at', 'id']).execute();
    await db.schema
      .createTable('return_lines')
      .addColumn('return_id', 'text', (col) => col.notNull().references('returns.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (col) => col.notNull().references('order_lines.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
      .addPrimaryKeyConstraint('return_lines_pk', ['return_id', 'line_id'])
      .execute();
    await db.schema.createIndex('return_lines_line_idx').on('return_lines').column('line_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('return_lines_line_idx').execute();
    await db.schema.dropTable('return_lines').execute();
    await db.schema.dropIndex('returns_status_created_idx').execute();
    await db.schema.dropIndex('returns_order_seq_idx').execute();
    await db.schema.dropTable('returns').execute();
  },
};
