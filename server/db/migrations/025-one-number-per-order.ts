import { type Kysely, type Migration } from 'kysely';

/**
 * After migration 024 every order number belongs to one order again:
 * - `orders_number_idx` is unique once more (migration 016 had relaxed it for the lines of a
 *   checkout, which shared their number), so the database itself refuses a number given twice;
 * - `placed_from_cart` says which orders the cart's checkout placed (1) rather than Buy Now (0):
 *   once such an order is paid, the lines it bought leave the customer's cart, while a Buy Now order
 *   leaves the cart alone. The orders 024 made of paid checkouts were paid already: none needs it.
 */
export const oneNumberPerOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_number_idx').execute();
    await db.schema.createIndex('orders_number_idx').on('orders').column('number').unique().execute();
    await db.schema
      .alterTable('orders')
      .addColumn('placed_from_cart', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('placed_from_cart').execute();
    await db.schema.dropIndex('orders_number_idx').execute();
    await db.schema.createIndex('orders_number_idx').on('orders').column('number').execute();
  },
};
