import type { Selectable } from 'kysely';
import type { ProductListQuery } from '../../../common/schemas/products.ts';
import { dollarsToCents } from '../../../common/money.ts';
import type { Database } from '../../db/database.ts';
import type { ProductsTable } from '../../db/schema.ts';
import { createProductTextSearch, type ProductQuery } from './product-search-repository.ts';
import { searchWords } from './search-terms.ts';
import { picturesOf, replacePictures } from './product-picture-repository.ts';

export type ProductRow = Selectable<ProductsTable>;
/** What an admin may change: everything but the id and when it was added. */
export type ProductFields = Omit<ProductRow, 'id' | 'created_at'>;

/** Every column a product is read with, named (PostgreSQL's table also holds the search index's column). */
const productColumns = [
  'products.id',
  'products.name',
  'products.description',
  'products.img',
  'products.price_cents',
  'products.min_quantity',
  'products.avail_quantity',
  'products.created_at',
  'products.category',
  'products.weight_grams',
  'products.length_mm',
  'products.width_mm',
  'products.height_mm',
] as const;

export function createProductRepository(db: Database) {
  const textSearch = createProductTextSearch(db);

  return {
    /**
     * A page of the catalogue and how many products match in all. With a search, the order is best
     * match first unless the query asks for another; every order ends with the id, so that pages
     * neither skip nor repeat a product (ADR 008).
     */
    async list(query: ProductListQuery): Promise<{ rows: ProductRow[]; total: number }> {
      const words = query.q ? searchWords(query.q) : [];
      // Typed, but nothing in it can be searched for (only punctuation or words such as "the").
      if (query.q && words.length === 0) return { rows: [], total: 0 };
      const sort = query.sort ?? 'relevance';

      let filtered: ProductQuery = words.length > 0 ? textSearch.matching(words) : db.selectFrom('products');
      if (query.category) filtered = filtered.where('products.category', '=', query.category);
      if (query.minPrice !== undefined) filtered = filtered.where('products.price_cents', '>=', dollarsToCents(query.minPrice));
      if (query.maxPrice !== undefined) filtered = filtered.where('products.price_cents', '<=', dollarsToCents(query.maxPrice));

      const byRelevance = sort === 'relevance' && words.length > 0;
      const inOrder = <Row>(query: ProductQuery<Row>): ProductQuery<Row> => {
        if (sort === 'price_asc') return query.orderBy('products.price_cents', 'asc').orderBy('products.id', 'asc');
        if (sort === 'price_desc') return query.orderBy('products.price_cents', 'desc').orderBy('products.id', 'desc');
        return (byRelevance ? textSearch.byRelevance(query, words) : query).orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
      };
      // A page past the first finds its products' ids first, from the order's index alone, and reads
      // only those rows: the rows the offset skips are never read (the last of 100,000 by price took
      // 53 ms on PostgreSQL reading every row before it, 11 ms so). A search by relevance ranks rows, not an index.
      const pageRows =
        query.offset === 0 || byRelevance
          ? inOrder(filtered.select(productColumns)).limit(query.limit).offset(query.offset)
          : inOrder(
              db
                .selectFrom('products')
                .select(productColumns)
                .where('products.id', 'in', inOrder(filtered.select('products.id')).limit(query.limit).offset(query.offset)),
            );

      const [rows, count] = await Promise.all([pageRows.execute(), filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()]);
      return { rows, total: Number(count.total) };
    },

    findById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').select(productColumns).where('id', '=', id).executeTakeFirst();
    },

    /** A new product and its pictures (the first of which is its `img`), together. */
    async insert(row: ProductRow, pictures: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('products').values(row).execute();
        await replacePictures(trx, row.id, pictures);
      });
    },

    /**
     * Replaces a product's fields (not its id or creation time) and its pictures; answers the product
     * as it now is, with its pictures, if it exists and (when `stockSeen` is given) its stock is still
     * what the editor saw. `pictures` is the whole new list, or a function of the current one (an edit
     * that changes only the main picture); either way its first is `fields.img`. The product's row is
     * written first, so that concurrent edits of one product take their turns.
     */
    update(
      id: string,
      fields: ProductFields,
      stockSeen: number | undefined,
      pictures: readonly string[] | ((current: string[]) => string[]),
    ): Promise<{ row: ProductRow; pictures: string[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        let update = trx.updateTable('products').set(fields).where('id', '=', id);
        if (stockSeen !== undefined) update = update.where('avail_quantity', '=', stockSeen);
        const row = await update.returning(productColumns).executeTakeFirst();
        if (!row) return undefined;
        const next = typeof pictures === 'function' ? pictures(await picturesOf(trx, id)) : [...pictures];
        await replacePictures(trx, id, next);
        return { row, pictures: next };
      });
    },

    /** The product's pictures in order (none for a product written straight into the table). */
    picturesOf: (id: string): Promise<string[]> => picturesOf(db, id),

    /**
     * A page of product ids after `after` in the order (created_at, id), for walking the whole
     * catalogue (the sitemap) through `products_created_at_idx` without offsets or any other column.
     */
    async idsAfter(after: { createdAt: string; id: string } | undefined, limit: number): Promise<Array<{ id: string; createdAt: string }>> {
      let query = db.selectFrom('products').select(['id', 'created_at']);
      if (after) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)));
      const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, createdAt: row.created_at }));
    },

    /** Orders keep their own copy of name and price; their product_id turns null (ON DELETE SET NULL). */
    async delete(id: string): Promise<number> {
      const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
