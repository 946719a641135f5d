import type { Kysely, Migration } from 'kysely';

/**
 * Orders at volume (issue 28):
 * - `order_notes`: the staff's internal notes on an order, which only staff read. Each keeps its
 *   author's name as it was written, so a note outlives its author's account (`author_id` is then null).
 */
export const ordersAtVolumeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_notes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (col) => col.references('user.id').onDelete('set null'))
      .addColumn('author_name', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    // An order's notes, newest first.
    await db.schema.createIndex('order_notes_order_created_idx').on('order_notes').columns(['order_id', 'created_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('order_notes').execute();
  },
};
