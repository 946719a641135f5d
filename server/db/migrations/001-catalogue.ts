import { type Kysely, type Migration, sql } from 'kysely';

/** Products, reviews and orders, with an index for every order a page lists them in. */
export const catalogueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('img', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents > 0`))
      .addColumn('min_quantity', 'integer', (col) => col.notNull().check(sql`min_quantity >= 1`))
      .addColumn('avail_quantity', 'integer', (col) => col.notNull().check(sql`avail_quantity >= 0`))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('products_created_at_idx').on('products').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('products_price_idx').on('products').columns(['price_cents', 'id']).execute();

    await db.schema
      .createTable('reviews')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('review', 'text', (col) => col.notNull())
      .addColumn('ratings', 'integer', (col) => col.notNull().check(sql`ratings between 1 and 5`))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('reviews_created_at_idx').on('reviews').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('product_id', 'text', (col) => col.references('products.id').onDelete('set null'))
      .addColumn('product', 'text', (col) => col.notNull())
      .addColumn('customer_name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('adress', 'text', (col) => col.notNull())
      .addColumn('payment_status', 'text', (col) => col.notNull().defaultTo('unpaid'))
      .addColumn('transaction_id', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('orders_email_created_at_idx').on('orders').columns(['email', 'created_at']).execute();
    await db.schema.createIndex('orders_created_at_idx').on('orders').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('orders_product_id_idx').on('orders').column('product_id').execute();

    await db.schema
      .createTable('app_meta')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['app_meta', 'orders', 'reviews', 'products']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
