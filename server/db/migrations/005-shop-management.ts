import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Managing the shop: uploaded product pictures (kept in the database, so that every server process
 * serves them), and indexes for the admin's overview (sales by day, stock running low).
 */
export const shopManagementMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const bytes = isPostgres(db) ? 'bytea' : 'blob';
    await db.schema
      .createTable('product_images')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('bytes', bytes, (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('orders_paid_at_idx').on('orders').column('paid_at').execute();
    await db.schema.createIndex('orders_status_idx').on('orders').columns(['payment_status', 'shipping_status']).execute();
    // "Low in stock" compares the pieces above the minimum order.
    await db.schema
      .createIndex('products_stock_margin_idx')
      .on('products')
      .expression(sql`(avail_quantity - min_quantity)`)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('products_stock_margin_idx').execute();
    await db.schema.dropIndex('orders_status_idx').execute();
    await db.schema.dropIndex('orders_paid_at_idx').execute();
    await db.schema.dropTable('product_images').execute();
  },
};
