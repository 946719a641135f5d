import { type Kysely, type Migration } from 'kysely';

/**
 * Which orders the cart's checkout placed (1) rather than Buy Now (0): once such an order is paid,
 * the lines it bought leave the customer's cart; a Buy Now order leaves the cart alone. Orders that
 * migration 024 made of paid checkouts were paid already, so none needs the flag.
 */
export const ordersFromTheCartMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('placed_from_cart', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('placed_from_cart').execute();
  },
};
