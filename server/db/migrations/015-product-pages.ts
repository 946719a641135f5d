import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Product pages: several pictures per product, and reviews that name their product.
 * - `product_pictures`: a product's pictures in order. Position 0 is the main picture, which
 *   `products.img` keeps mirroring, so that every call that reads `img` goes on working. Each
 *   existing product gets its `img` as its one picture. The primary key (product_id, position) is the
 *   index the product page reads them by; they go with their product.
 * - `reviews.product_id`: the product a review is about, if any (null once that product is deleted:
 *   the review stays on the home page). `reviews.verified_buyer`: 1 when its author had a paid order
 *   of that product when writing it, decided by the server then. A product's reviews are listed
 *   newest first, and counted and averaged, through `reviews_product_created_at_idx`.
 */
export const productPagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('product_pictures')
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull().check(sql`position >= 0`))
      .addColumn('img', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('product_pictures_pkey', ['product_id', 'position'])
      .execute();
    await sql`insert into product_pictures (product_id, position, img) select id, 0, img from products`.execute(db);

    await db.schema
      .alterTable('reviews')
      .addColumn('product_id', 'text', (col) => col.references('products.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('reviews')
      .addColumn('verified_buyer', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`verified_buyer in (0, 1)`),
      )
      .execute();
    await db.schema.createIndex('reviews_product_created_at_idx').on('reviews').columns(['product_id', 'created_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('reviews_product_created_at_idx').execute();
    for (const column of ['verified_buyer', 'product_id']) await db.schema.alterTable('reviews').dropColumn(column).execute();
    await db.schema.dropTable('product_pictures').execute();
  },
};
