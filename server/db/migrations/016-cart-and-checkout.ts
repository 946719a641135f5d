import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Carts and checkouts (ADR 018).
 *
 * - `cart_items`: a signed-in customer's cart, one row per product, keyed by (user, product). No
 *   foreign key to the product: a line whose product is deleted stays, so that the cart can say so.
 *   Read newest-added last through `cart_items_user_added_idx`.
 * - `checkouts`: one payment for a whole cart. Its number comes from the orders' counter when it is
 *   paid; until then it has none. `checkouts_open_user_idx` finds a customer's open checkout (replaced
 *   when the cart changes), `checkouts_open_created_idx` the open ones the expiry sweep cancels.
 * - `checkout_lines`: what the checkout buys, priced by the server when it was opened.
 * - `orders` gain `checkout_id`, `checkout_line` and `checkout_line_count`: each line of a paid
 *   checkout becomes an order of its own under the checkout's number, so `orders_number_idx` is no
 *   longer unique (single orders still never share one: the counter gives each number once).
 * - `checkout_payments`: every payment started for a checkout, so that its hold can be released.
 * - `local_payment_intents.pays_for`: what the local processor's payment pays, an order or a checkout
 *   (whose id is then in `order_id`).
 */
export const cartAndCheckoutMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cart_items')
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
      .addColumn('added_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('cart_items_pkey', ['user_id', 'product_id'])
      .execute();
    await db.schema.createIndex('cart_items_user_added_idx').on('cart_items').columns(['user_id', 'added_at', 'product_id']).execute();

    await db.schema
      .createTable('checkouts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('number', 'integer')
      .addColumn('user_id', 'text', (col) => col.references('user.id').onDelete('set null'))
      .addColumn('customer_name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('adress', 'text', (col) => col.notNull())
      .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents > 0`))
      .addColumn('line_count', 'integer', (col) => col.notNull().check(sql`line_count >= 1`))
      .addColumn('payment_status', 'text', (col) => col.notNull().defaultTo('unpaid'))
      .addColumn('transaction_id', 'text')
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('cancelled_at', 'text')
      .addColumn('cancel_reason', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('checkouts_number_idx').on('checkouts').column('number').unique().execute();
    await db.schema
      .createIndex('checkouts_open_user_idx')
      .on('checkouts')
      .columns(['user_id', 'created_at'])
      .where(sql.ref('payment_status'), '=', 'unpaid')
      .where(sql.ref('cancelled_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('checkouts_open_created_idx')
      .on('checkouts')
      // payment_status leads for the same reason as orders_unpaid_idx: SQLite then sees the query's
      // equality on it served here.
      .columns(['payment_status', 'created_at', 'id'])
      .where(sql.ref('payment_status'), '=', 'unpaid')
      .where(sql.ref('cancelled_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('checkout_lines')
      .addColumn('checkout_id', 'text', (col) => col.notNull().references('checkouts.id').onDelete('cascade'))
      .addColumn('line', 'integer', (col) => col.notNull().check(sql`line >= 1`))
      .addColumn('product_id', 'text', (col) => col.references('products.id').onDelete('set null'))
      .addColumn('product', 'text', (col) => col.notNull())
      .addColumn('img', 'text', (col) => col.notNull())
      .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('checkout_lines_pkey', ['checkout_id', 'line'])
      .execute();
    // Deleting a product sets its lines' product_id to null: found through this index, not a scan.
    await db.schema.createIndex('checkout_lines_product_id_idx').on('checkout_lines').column('product_id').execute();

    await db.schema
      .alterTable('orders')
      .addColumn('checkout_id', 'text', (col) => col.references('checkouts.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('orders').addColumn('checkout_line', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('checkout_line_count', 'integer').execute();
    await db.schema.createIndex('orders_checkout_line_idx').on('orders').columns(['checkout_id', 'checkout_line']).unique().execute();
    await db.schema.dropIndex('orders_number_idx').execute();
    await db.schema.createIndex('orders_number_idx').on('orders').column('number').execute();

    await db.schema
      .createTable('checkout_payments')
      .addColumn('payment_id', 'text', (col) => col.primaryKey())
      .addColumn('checkout_id', 'text', (col) => col.notNull().references('checkouts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('checkout_payments_checkout_id_idx').on('checkout_payments').column('checkout_id').execute();

    await db.schema
      .alterTable('local_payment_intents')
      .addColumn('pays_for', 'text', (col) => col.notNull().defaultTo('order'))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('local_payment_intents').dropColumn('pays_for').execute();
    await db.schema.dropTable('checkout_payments').execute();
    await db.schema.dropIndex('orders_number_idx').execute();
    await db.schema.createIndex('orders_number_idx').on('orders').column('number').unique().execute();
    await db.schema.dropIndex('orders_checkout_line_idx').execute();
    for (const column of ['checkout_line_count', 'checkout_line', 'checkout_id']) await db.schema.alterTable('orders').dropColumn(column).execute();
    await db.schema.dropTable('checkout_lines').execute();
    await db.schema.dropTable('checkouts').execute();
    await db.schema.dropTable('cart_items').execute();
  },
};
