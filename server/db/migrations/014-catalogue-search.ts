import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The demo catalogue's categories, by the names it was seeded with, so that a shop seeded before
 * categories existed gets them. Written out here rather than read from the seed, which may change:
 * a migration must do the same thing whenever it runs. Other products keep the default, 'other'.
 */
const demoCategories: Record<string, string> = {
  'Joinery Bevel-Edge Chisel Set (4 pcs)': 'chisels',
  'Joinery Mortise Chisel, 10 mm': 'chisels',
  'Joinery No. 4 Smoothing Plane': 'planes',
  'Joinery Low-Angle Block Plane': 'planes',
  'Joinery Medium Shoulder Plane, 19 mm': 'planes',
  'Joinery Dovetail Saw, 15 TPI': 'saws',
  'Joinery Ryoba Pull Saw, 240 mm': 'saws',
  'Joinery Tenon Saw, 14" 11 TPI': 'saws',
  "Joinery Beech Joiner's Mallet": 'mallets-and-hammers',
  'Joinery Marking Gauge': 'marking-and-measuring',
  'Joinery Combination Square, 300 mm': 'marking-and-measuring',
  'Joinery Marking Knife': 'marking-and-measuring',
  'Joinery Flat-Sole Spokeshave': 'spokeshaves-and-scrapers',
  'Joinery Card Scraper Set (3 pcs)': 'spokeshaves-and-scrapers',
};

/**
 * The catalogue's categories and full-text search.
 *
 * - `products.category`: a slug of common/categories.ts (checked by the API, not the database, so
 *   that a new category needs no migration), 'other' by default. Two indexes serve a category's page
 *   in each of the list's orders: (category, created_at, id) for newest first, (category,
 *   price_cents, id) for price either way and for a price range within the category.
 * - Search on SQLite: `products_fts`, an FTS5 index over name and description with the
 *   `porter unicode61` tokenizer (stems, case and accents folded). It is an external-content table:
 *   the text stays in `products` alone, and the index is keyed by the products' rowid, kept in step
 *   by the three triggers below (an update re-indexes only when the name or description changed, not
 *   on every stock change an order makes). Note that VACUUM may renumber the rowids of a table
 *   without an INTEGER PRIMARY KEY; after one, `insert into products_fts(products_fts) values ('rebuild')`
 *   re-keys the index.
 * - Search on PostgreSQL: `products.search_vector`, a generated stored tsvector (english
 *   configuration; the name weighted A, the description B), with a GIN index.
 */
export const catalogueSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('products')
      .addColumn('category', 'text', (col) => col.notNull().defaultTo('other'))
      .execute();
    for (const [name, category] of Object.entries(demoCategories)) {
      await sql`update products set category = ${category} where name = ${name}`.execute(db);
    }
    await db.schema.createIndex('products_category_created_at_idx').on('products').columns(['category', 'created_at', 'id']).execute();
    await db.schema.createIndex('products_category_price_idx').on('products').columns(['category', 'price_cents', 'id']).execute();

    if (isPostgres(db)) {
      await sql`
        alter table products add column search_vector tsvector generated always as (
          setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')
        ) stored`.execute(db);
      await sql`create index products_search_idx on products using gin (search_vector)`.execute(db);
      return;
    }

    await sql`
      create virtual table products_fts using fts5(
        name, description, content = 'products', content_rowid = 'rowid', tokenize = 'porter unicode61'
      )`.execute(db);
    await sql`
      create trigger products_fts_after_insert after insert on products begin
        insert into products_fts (rowid, name, description) values (new.rowid, new.name, new.description);
      end`.execute(db);
    await sql`
      create trigger products_fts_after_delete after delete on products begin
        insert into products_fts (products_fts, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
      end`.execute(db);
    await sql`
      create trigger products_fts_after_update after update of name, description on products begin
        insert into products_fts (products_fts, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
        insert into products_fts (rowid, name, description) values (new.rowid, new.name, new.description);
      end`.execute(db);
    // The products already there.
    await sql`insert into products_fts (products_fts) values ('rebuild')`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await db.schema.dropIndex('products_search_idx').execute();
      await db.schema.alterTable('products').dropColumn('search_vector').execute();
    } else {
      for (const trigger of ['products_fts_after_update', 'products_fts_after_delete', 'products_fts_after_insert']) {
        await sql`drop trigger ${sql.id(trigger)}`.execute(db);
      }
      await db.schema.dropTable('products_fts').execute();
    }
    await db.schema.dropIndex('products_category_price_idx').execute();
    await db.schema.dropIndex('products_category_created_at_idx').execute();
    await db.schema.alterTable('products').dropColumn('category').execute();
  },
};
