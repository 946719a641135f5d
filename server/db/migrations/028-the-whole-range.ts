import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** The catalogue's starting categories, as the fixed list had them, now rows the owner keeps. */
const startingCategories = [
  ['chisels', 'Chisels'],
  ['planes', 'Planes'],
  ['saws', 'Saws'],
  ['marking-and-measuring', 'Marking & measuring'],
  ['mallets-and-hammers', 'Mallets & hammers'],
  ['spokeshaves-and-scrapers', 'Spokeshaves & scrapers'],
  ['sharpening', 'Sharpening'],
  ['clamps', 'Clamps'],
  ['other', 'Other tools'],
] as const;

/** Tables whose rows the public catalogue shows, watched like those of migration 017. */
const newCatalogueTables = ['product_variants', 'categories'];

/**
 * The whole range (issue 27, ADR 039):
 * - `product_variants`: each combination of a product's options that is sold, with its own SKU,
 *   price, stock, weight and picture. A product without options has one, whose id is the product's.
 *   `products` keeps what lists read in one row, written by the transaction that changes a variant:
 *   the lowest and highest price, the stock summed, and the options offered (JSON).
 * - `products.hidden`: a product kept but not shown.
 * - `categories`: the owner's, one level of nesting, seeded with the former fixed list.
 * - `cart_items` (made again, keyed by user and variant) and `order_lines` are per variant.
 * - `stock_alerts`: who waits for what is sold out; `wishlist_items`: what a customer keeps an eye on.
 * - `catalogue_imports`: a CSV import run as a job, with its progress.
 */
export const theWholeRangeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('products')
      .addColumn('options', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('price_max_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // Each category's count of the tools customers see (GET /api/categories) is its tools, counted from
    // migration 014's (category, created_at, id) index, less its hidden ones, which this small index holds.
    // A partial index of the shown tools instead would be chosen by PostgreSQL for searches over its GIN index.
    // Made before any row of products changes: PostgreSQL makes no index on a table with trigger events pending.
    await sql`create index products_hidden_category_idx on products (category) where hidden = 1`.execute(db);
    await sql`update products set price_max_cents = price_cents`.execute(db);

    await db.schema
      .createTable('product_variants')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('sku', 'text', (col) => col.notNull().unique())
      .addColumn('options', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents > 0`))
      .addColumn('avail_quantity', 'integer', (col) => col.notNull().check(sql`avail_quantity >= 0`))
      .addColumn('weight_grams', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('img', 'text', (col) => col.notNull().defaultTo(''))
      // Below this many pieces the shop's notify address hears of it, once until stock rises again.
      .addColumn('low_stock_at', 'integer')
      .addColumn('low_stock_noticed', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('product_variants_product_idx').on('product_variants').columns(['product_id', 'position']).unique().execute();
    // The low-stock job's two scans read only the variants with a mark, or marked as heard of.
    await sql`create index product_variants_low_stock_idx on product_variants (id) where low_stock_at is not null`.execute(db);
    await sql`create index product_variants_noticed_idx on product_variants (id) where low_stock_noticed = 1`.execute(db);
    await sql`
      insert into product_variants (id, product_id, position, sku, options, price_cents, avail_quantity, weight_grams, img)
      select id, id, 0, 'JNR-' || upper(substr(replace(id, '-', ''), 1, 12)), '{}', price_cents, avail_quantity, weight_grams, ''
      from products`.execute(db);

    await db.schema
      .createTable('categories')
      .addColumn('slug', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('parent_slug', 'text', (col) => col.references('categories.slug').onUpdate('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .execute();
    let position = 0;
    for (const [slug, name] of startingCategories) {
      await sql`insert into categories (slug, name, position) values (${slug}, ${name}, ${position++})`.execute(db);
    }

    // Per variant: the cart's key becomes (user, variant), so the table is made again.
    await db.schema
      .createTable('cart_items_by_variant')
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (col) => col.notNull())
      .addColumn('variant_id', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
      .addColumn('added_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('cart_items_by_variant_pkey', ['user_id', 'variant_id'])
      .execute();
    await sql`insert into cart_items_by_variant (user_id, product_id, variant_id, quantity, added_at) select user_id, product_id, product_id, quantity, added_at from cart_items`.execute(
      db,
    );
    await db.schema.dropTable('cart_items').execute();
    await db.schema.alterTable('cart_items_by_variant').renameTo('cart_items').execute();
    await db.schema.createIndex('cart_items_user_added_idx').on('cart_items').columns(['user_id', 'added_at', 'variant_id']).execute();

    // Null once the variant is deleted, as `product_id` turns null: written by the deleting transaction,
    // since SQLite could not drop the column again (`down`) were it a foreign key.
    await db.schema.alterTable('order_lines').addColumn('variant_id', 'text').execute();
    await db.schema.createIndex('order_lines_variant_id_idx').on('order_lines').column('variant_id').execute();
    await db.schema.alterTable('order_lines').addColumn('sku', 'text').execute();
    await db.schema
      .alterTable('order_lines')
      .addColumn('variant', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await sql`update order_lines set variant_id = product_id where product_id is not null`.execute(db);
    await sql`update order_lines set sku = (select sku from product_variants where product_variants.id = order_lines.variant_id)`.execute(db);

    await db.schema
      .createTable('stock_alerts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      // '' when any of the product's variants coming back will do.
      .addColumn('variant_id', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('confirmed_at', 'text')
      .addColumn('notified_at', 'text')
      .addColumn('unsubscribed_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('stock_alerts_wanted_idx').on('stock_alerts').columns(['product_id', 'variant_id', 'email']).unique().execute();

    await db.schema
      .createTable('wishlist_items')
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('added_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('wishlist_items_pkey', ['user_id', 'product_id'])
      .execute();
    await db.schema.createIndex('wishlist_items_user_added_idx').on('wishlist_items').columns(['user_id', 'added_at']).execute();

    await db.schema
      .createTable('catalogue_imports')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`))
      .addColumn('csv', 'text', (col) => col.notNull())
      .addColumn('total_rows', 'integer', (col) => col.notNull())
      .addColumn('done_rows', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('finished_at', 'text')
      .execute();

    if (isPostgres(db)) {
      // Once per transaction, not once per row: the version says only "the catalogue changed", and a
      // transaction writing 10,000 variants (a catalogue import) updated its one row 10,000 times at
      // commit, each update walking the row's versions that the same transaction had made before it.
      // The transaction's id, kept in a setting local to it, marks that it has bumped already.
      await sql`
        create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
        begin
          if current_setting('joinery.catalogue_bumped_by', true) is distinct from txid_current()::text then
            perform set_config('joinery.catalogue_bumped_by', txid_current()::text, true);
            update catalogue_version set version = version + 1 where id = 1;
          end if;
          return null;
        end $$`.execute(db);
      for (const table of newCatalogueTables) {
        await sql`
          create constraint trigger ${sql.id(`${table}_catalogue_version`)} after insert or update or delete on ${sql.id(table)}
          deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
      }
      return;
    }
    for (const table of newCatalogueTables) {
      for (const change of ['insert', 'update', 'delete']) {
        await sql`
          create trigger ${sql.id(`${table}_${change}_catalogue_version`)} after ${sql.raw(change)} on ${sql.id(table)}
          begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      for (const table of newCatalogueTables) await sql`drop trigger ${sql.id(`${table}_catalogue_version`)} on ${sql.id(table)}`.execute(db);
      // Migration 017's: once per row.
      await sql`
        create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
        begin
          update catalogue_version set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
    } else {
      for (const table of newCatalogueTables) {
        for (const change of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${table}_${change}_catalogue_version`)}`.execute(db);
      }
    }
    await db.schema.dropTable('catalogue_imports').execute();
    await db.schema.dropTable('wishlist_items').execute();
    await db.schema.dropTable('stock_alerts').execute();
    await db.schema.alterTable('order_lines').dropColumn('variant').execute();
    await db.schema.alterTable('order_lines').dropColumn('sku').execute();
    await db.schema.dropIndex('order_lines_variant_id_idx').execute();
    await db.schema.alterTable('order_lines').dropColumn('variant_id').execute();
    await db.schema
      .createTable('cart_items_by_product')
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
      .addColumn('added_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('cart_items_pkey', ['user_id', 'product_id'])
      .execute();
    await sql`
      insert into cart_items_by_product (user_id, product_id, quantity, added_at)
      select user_id, product_id, sum(quantity), min(added_at) from cart_items group by user_id, product_id`.execute(db);
    await db.schema.dropTable('cart_items').execute();
    await db.schema.alterTable('cart_items_by_product').renameTo('cart_items').execute();
    await db.schema.createIndex('cart_items_user_added_idx').on('cart_items').columns(['user_id', 'added_at', 'product_id']).execute();
    await db.schema.dropTable('categories').execute();
    await db.schema.dropTable('product_variants').execute();
    await db.schema.dropIndex('products_hidden_category_idx').execute();
    await db.schema.alterTable('products').dropColumn('hidden').execute();
    await db.schema.alterTable('products').dropColumn('price_max_cents').execute();
    await db.schema.alterTable('products').dropColumn('options').execute();
  },
};
