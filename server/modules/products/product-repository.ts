import type { Selectable } from 'kysely';
import type { ProductListQuery } from '../../../common/schemas/products.ts';
import { dollarsToCents } from '../../../common/money.ts';
import type { Database } from '../../db/database.ts';
import type { ProductsTable } from '../../db/schema.ts';
import { createProductTextSearch, type ProductQuery } from './product-search-repository.ts';
import { searchWords } from './search-terms.ts';
import { holdVariantsOf } from '../../db/variant-stock.ts';
import { sellableVariants } from '../../db/sellable-variants.ts';
import { picturesOf, replacePictures } from './product-picture-repository.ts';
import { replaceVariants, type VariantFields, type VariantRow, variantsOf, variantsOfProducts } from './variant-repository.ts';

export type ProductRow = Selectable<ProductsTable>;
/** What an admin may change: everything but the id, when it was added, and what its variants add up to. */
export type ProductFields = Omit<ProductRow, 'id' | 'created_at' | 'price_cents' | 'price_max_cents' | 'avail_quantity'>;
/** A product with its variants, as a write found or left it. */
export interface ProductState {
  row: ProductRow;
  variants: VariantRow[];
}

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
  'products.options',
  'products.price_max_cents',
  'products.hidden',
] as const;

/**
 * Several products with their variants, in two queries, as a write that changes many at once finds or
 * leaves them (a bulk edit's audit records); read through that write's transaction.
 */
export async function productStatesOf(on: Database, ids: readonly string[]): Promise<ProductState[]> {
  if (ids.length === 0) return [];
  const [rows, variants] = await Promise.all([on.selectFrom('products').select(productColumns).where('id', 'in', ids).orderBy('id').execute(), variantsOfProducts(on, ids)]);
  return rows.map((row) => ({ row, variants: variants.get(row.id) ?? [] }));
}

/** What a typed search must look like to be tried as a SKU first: one word with a digit in it. */
const skuLike = /^(?=.*\d)[A-Za-z0-9._-]{3,64}$/;

export function createProductRepository(db: Database) {
  const textSearch = createProductTextSearch(db);

  return {
    /**
     * A page of the catalogue and how many products match in all. With a search, the order is best
     * match first unless the query asks for another; every order ends with the id, so that pages
     * neither skip nor repeat a product (ADR 008).
     */
    async list(query: ProductListQuery, { includeHidden = false } = {}): Promise<{ rows: ProductRow[]; total: number }> {
      // A SKU typed into the search finds its product, through the SKUs' unique index.
      const sku =
        query.q && skuLike.test(query.q.trim())
          ? await db.selectFrom('product_variants').select('product_id').where('sku', '=', query.q.trim().toUpperCase()).executeTakeFirst()
          : undefined;
      if (sku) {
        const row = await db.selectFrom('products').select(productColumns).where('id', '=', sku.product_id).executeTakeFirst();
        return row && (includeHidden || row.hidden === 0) ? { rows: [row], total: 1 } : { rows: [], total: 0 };
      }
      const words = query.q ? searchWords(query.q) : [];
      // Typed, but nothing in it can be searched for (only punctuation or words such as "the").
      if (query.q && words.length === 0) return { rows: [], total: 0 };
      const sort = query.sort ?? 'relevance';

      let filtered: ProductQuery = words.length > 0 ? textSearch.matching(words) : db.selectFrom('products');
      if (!includeHidden) filtered = filtered.where('products.hidden', '=', 0);
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

    /** The names of these products (hidden ones too), by id; an id that names none is left out. */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /**
     * A new product, its pictures (the first of which is its `img`) and its variants, together; answers
     * it as written. `holdCategory` runs first in the transaction: its category must exist, and stays until the commit.
     */
    async insert(
      row: ProductFields & Pick<ProductRow, 'id' | 'created_at'>,
      pictures: readonly string[],
      variants: readonly VariantFields[],
      newId: () => string,
      holdCategory: (trx: Database) => Promise<void>,
      alongside: (trx: Database, saved: ProductState) => Promise<void>,
    ) {
      return db.transaction().execute(async (trx) => {
        await holdCategory(trx);
        // Written from the variants just below; a price is never 0, even for a moment.
        const lowest = Math.min(...variants.map((variant) => variant.price_cents));
        await trx
          .insertInto('products')
          .values({ ...row, price_cents: lowest, price_max_cents: lowest, avail_quantity: 0 })
          .execute();
        await replacePictures(trx, row.id, pictures);
        const written = await replaceVariants(trx, row.id, variants, newId);
        const saved = await trx.selectFrom('products').select(productColumns).where('id', '=', row.id).executeTakeFirstOrThrow();
        await alongside(trx, { row: saved, variants: written });
        return { row: saved, variants: written };
      });
    },

    /**
     * Replaces a product's fields (not its id or creation time) and its pictures; answers the product
     * as it now is, with its pictures, if it exists and (when `stockSeen` is given) its stock is still
     * what the editor saw. `pictures` is the whole new list, or a function of the current one (an edit
     * that changes only the main picture); either way its first is `fields.img`. The product's row is
     * written first, so that concurrent edits of one product take their turns (after `holdCategory`, as for `insert`).
     */
    update(
      id: string,
      fields: ProductFields,
      stockSeen: number | undefined,
      pictures: readonly string[] | ((current: string[]) => string[]),
      variants: (current: VariantRow[]) => VariantFields[],
      newId: () => string,
      holdCategory: (trx: Database) => Promise<void>,
      alongside: (trx: Database, before: ProductState, after: ProductState) => Promise<void>,
    ): Promise<{ row: ProductRow; pictures: string[]; variants: VariantRow[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        await holdCategory(trx);
        await holdVariantsOf(trx, [id]);
        // As it was, for the audit trail: read under the hold, so no other edit comes between.
        const was = await trx.selectFrom('products').select(productColumns).where('id', '=', id).executeTakeFirst();
        const variantsWere = was ? await variantsOf(trx, id) : [];
        let update = trx.updateTable('products').set(fields).where('id', '=', id);
        if (stockSeen !== undefined) update = update.where('avail_quantity', '=', stockSeen);
        const found = await update.returning('id').executeTakeFirst();
        if (!found) return undefined;
        const next = typeof pictures === 'function' ? pictures(await picturesOf(trx, id)) : [...pictures];
        await replacePictures(trx, id, next);
        const written = await replaceVariants(trx, id, variants(await variantsOf(trx, id)), newId);
        const row = await trx.selectFrom('products').select(productColumns).where('id', '=', id).executeTakeFirstOrThrow();
        await alongside(trx, { row: was!, variants: variantsWere }, { row, variants: written });
        return { row, pictures: next, variants: written };
      });
    },

    variantsOf: (id: string): Promise<VariantRow[]> => variantsOf(db, id),

    /** Variants as an order takes them (a Buy Now order reads its one here). */
    sellable: (variantIds: readonly string[]) => sellableVariants(db, variantIds),

    /** The product's pictures in order (none for a product written straight into the table). */
    picturesOf: (id: string): Promise<string[]> => picturesOf(db, id),

    /**
     * A page of product ids after `after` in the order (created_at, id), for walking the whole
     * catalogue (the sitemap) through `products_created_at_idx` without offsets or any other column.
     */
    async idsAfter(after: { createdAt: string; id: string } | undefined, limit: number): Promise<Array<{ id: string; createdAt: string }>> {
      let query = db.selectFrom('products').select(['id', 'created_at']).where('hidden', '=', 0);
      if (after) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)));
      const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, createdAt: row.created_at }));
    },

    /** Orders keep their own copy of name and price; their product_id turns null (ON DELETE SET NULL). */
    async delete(id: string, alongside: (trx: Database, deleted: ProductRow) => Promise<void>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        // Its variants go with it (ON DELETE CASCADE), held first as a checkout takes them; the order
        // lines that bought them stop naming them.
        await holdVariantsOf(trx, [id]);
        await trx.updateTable('order_lines').set({ variant_id: null }).where('product_id', '=', id).execute();
        const deleted = await trx.deleteFrom('products').where('id', '=', id).returning(productColumns).executeTakeFirst();
        if (deleted) await alongside(trx, deleted);
        return deleted ? 1 : 0;
      });
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
