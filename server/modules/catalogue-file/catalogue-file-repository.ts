import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CatalogueImportsTable, ProductsTable, ProductVariantsTable } from '../../db/schema.ts';
import { refreshProducts } from '../../db/variant-stock.ts';

/**
 * The catalogue read and written a file at a time: pages for the export, lookups in batches for an
 * import's plan, and multi-row writes for the import itself, in the caller's transaction. Lookups
 * take the executor (the database, or the import's transaction) so that the plan the import writes is
 * made from what its own transaction reads.
 */

export type CatalogueProduct = Pick<Selectable<ProductsTable>, 'id' | 'name' | 'description' | 'img' | 'min_quantity' | 'category' | 'hidden' | 'options' | 'weight_grams'>;
export type CatalogueVariant = Pick<
  Selectable<ProductVariantsTable>,
  'id' | 'product_id' | 'position' | 'sku' | 'options' | 'price_cents' | 'avail_quantity' | 'weight_grams' | 'img' | 'low_stock_at'
>;

const productColumns = ['id', 'name', 'description', 'img', 'min_quantity', 'category', 'hidden', 'options', 'weight_grams'] as const;
const variantColumns = ['id', 'product_id', 'position', 'sku', 'options', 'price_cents', 'avail_quantity', 'weight_grams', 'img', 'low_stock_at'] as const;

/** Rows per query: within SQLite's and PostgreSQL's limits on bound values, for the widest table here. */
export const batchSize = 500;

function inBatches<T>(items: readonly T[], size = batchSize): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** A product as the import writes it: new (with its creation time) or existing (its row replaced but for that). */
export type ProductWrite = CatalogueProduct & { created_at: string };
export type VariantWrite = CatalogueVariant;
/** The main picture's path for an uploaded picture's id. */
const uploadedPicture = /^\/api\/product-images\/([0-9a-f-]{36})$/;

export function createCatalogueFileRepository(db: Database) {
  return {
    /** A page of products in id order, after `afterId`, with their variants and pictures (the export). */
    async productsAfter(afterId: string | undefined, limit: number) {
      let query = db.selectFrom('products').select(productColumns).orderBy('id').limit(limit);
      if (afterId !== undefined) query = query.where('id', '>', afterId);
      const products = await query.execute();
      const ids = products.map((product) => product.id);
      const [variants, pictures] = await Promise.all([variantsOfProducts(db, ids), picturesOfProducts(db, ids)]);
      return products.map((product) => ({ product, variants: variants.get(product.id) ?? [], pictures: pictures.get(product.id) ?? [] }));
    },

    /** The variants that have these SKUs, whatever their case. */
    async variantsBySku(executor: Database, skus: readonly string[]): Promise<CatalogueVariant[]> {
      const asked = [...new Set(skus.flatMap((sku) => [sku, sku.toUpperCase()]))];
      const found: CatalogueVariant[] = [];
      for (const batch of inBatches(asked)) found.push(...(await executor.selectFrom('product_variants').select(variantColumns).where('sku', 'in', batch).execute()));
      return found;
    },

    async productsByIds(executor: Database, ids: readonly string[]): Promise<CatalogueProduct[]> {
      const found: CatalogueProduct[] = [];
      for (const batch of inBatches([...new Set(ids)])) found.push(...(await executor.selectFrom('products').select(productColumns).where('id', 'in', batch).execute()));
      return found;
    },

    variantsOfProducts: (executor: Database, ids: readonly string[]) => variantsOfProducts(executor, ids),
    picturesOfProducts: (executor: Database, ids: readonly string[]) => picturesOfProducts(executor, ids),

    async categorySlugs(executor: Database): Promise<Set<string>> {
      const rows = await executor.selectFrom('categories').select('slug').execute();
      return new Set(rows.map((row) => row.slug));
    },

    /**
     * Which of these addresses (none of them https, which is anyone's) name a picture the shop has: an
     * uploaded picture that exists, or an address some product already shows (the shop's own pictures).
     */
    async knownPictures(executor: Database, addresses: readonly string[]): Promise<Set<string>> {
      const known = new Set<string>();
      const uploads = new Map<string, string>();
      for (const address of addresses) {
        const id = uploadedPicture.exec(address)?.[1];
        if (id) uploads.set(id, address);
      }
      for (const batch of inBatches([...uploads.keys()])) {
        const rows = await executor.selectFrom('product_images').select('id').where('id', 'in', batch).execute();
        for (const row of rows) known.add(uploads.get(row.id)!);
      }
      const others = addresses.filter((address) => !known.has(address));
      for (const batch of inBatches(others)) {
        const [shown, main] = await Promise.all([
          executor.selectFrom('product_pictures').select('img').distinct().where('img', 'in', batch).execute(),
          executor.selectFrom('products').select('img').distinct().where('img', 'in', batch).execute(),
        ]);
        for (const row of [...shown, ...main]) known.add(row.img);
      }
      return known;
    },

    /**
     * Writes products and variants, many rows a statement: a row whose id exists is replaced (a
     * product keeps its creation time and its weight, a variant what the shop keeps of its own),
     * any other is added. Pictures are replaced for the products named. Then every product touched
     * is written again from its variants. Run in the import's one transaction.
     */
    async write(
      trx: Database,
      { products, variants, pictures }: { products: ProductWrite[]; variants: VariantWrite[]; pictures: Map<string, string[]> },
      onBatch?: () => Promise<void>,
    ): Promise<void> {
      for (const batch of inBatches(products)) {
        // A new product's price and stock stand in until refreshProducts writes them from its variants, below.
        const rows: Insertable<ProductsTable>[] = batch.map((product) => ({ ...product, price_cents: 1, price_max_cents: 1, avail_quantity: 0 }));
        await trx
          .insertInto('products')
          .values(rows)
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              description: eb.ref('excluded.description'),
              img: eb.ref('excluded.img'),
              min_quantity: eb.ref('excluded.min_quantity'),
              category: eb.ref('excluded.category'),
              hidden: eb.ref('excluded.hidden'),
              options: eb.ref('excluded.options'),
            })),
          )
          .execute();
        await onBatch?.();
      }
      const withPictures = [...pictures.keys()];
      for (const batch of inBatches(withPictures)) {
        await trx.deleteFrom('product_pictures').where('product_id', 'in', batch).execute();
        const rows = batch.flatMap((productId) => pictures.get(productId)!.map((img, position) => ({ product_id: productId, position, img })));
        for (const part of inBatches(rows)) await trx.insertInto('product_pictures').values(part).execute();
      }
      for (const batch of inBatches(variants)) {
        await trx
          .insertInto('product_variants')
          .values(batch)
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet((eb) => ({
              options: eb.ref('excluded.options'),
              price_cents: eb.ref('excluded.price_cents'),
              avail_quantity: eb.ref('excluded.avail_quantity'),
              weight_grams: eb.ref('excluded.weight_grams'),
              img: eb.ref('excluded.img'),
              low_stock_at: eb.ref('excluded.low_stock_at'),
            })),
          )
          .execute();
        await onBatch?.();
      }
      const touched = [...new Set([...products.map((product) => product.id), ...variants.map((variant) => variant.product_id)])];
      for (const batch of inBatches(touched)) await refreshProducts(trx, batch);
    },

    async insertImport(executor: Database, row: Insertable<CatalogueImportsTable>): Promise<void> {
      await executor.insertInto('catalogue_imports').values(row).execute();
    },

    findImport(id: string) {
      return db
        .selectFrom('catalogue_imports')
        .select(['id', 'status', 'csv', 'total_rows', 'done_rows', 'created_count', 'updated_count', 'error'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async updateImport(
      id: string,
      changes: Partial<Pick<Selectable<CatalogueImportsTable>, 'status' | 'done_rows' | 'created_count' | 'updated_count' | 'error' | 'finished_at'>>,
    ) {
      await db.updateTable('catalogue_imports').set(changes).where('id', '=', id).execute();
    },

    /** A finished import's file is not kept: it may be large, and the catalogue now holds what it said. */
    async finishImport(id: string, changes: Pick<Selectable<CatalogueImportsTable>, 'status' | 'done_rows' | 'created_count' | 'updated_count' | 'error' | 'finished_at'>) {
      await db
        .updateTable('catalogue_imports')
        .set({ ...changes, csv: '' })
        .where('id', '=', id)
        .execute();
    },

    transaction: <T>(work: (trx: Database) => Promise<T>): Promise<T> => db.transaction().execute(work),
  };
}

async function variantsOfProducts(executor: Database, ids: readonly string[]): Promise<Map<string, CatalogueVariant[]>> {
  const byProduct = new Map<string, CatalogueVariant[]>();
  for (const batch of inBatches([...new Set(ids)])) {
    const rows = await executor.selectFrom('product_variants').select(variantColumns).where('product_id', 'in', batch).orderBy('product_id').orderBy('position').execute();
    for (const row of rows) {
      const list = byProduct.get(row.product_id);
      if (list) list.push(row);
      else byProduct.set(row.product_id, [row]);
    }
  }
  return byProduct;
}

async function picturesOfProducts(executor: Database, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  for (const batch of inBatches([...new Set(ids)])) {
    const rows = await executor.selectFrom('product_pictures').select(['product_id', 'img']).where('product_id', 'in', batch).orderBy('product_id').orderBy('position').execute();
    for (const row of rows) {
      const list = byProduct.get(row.product_id);
      if (list) list.push(row.img);
      else byProduct.set(row.product_id, [row.img]);
    }
  }
  return byProduct;
}

export type CatalogueFileRepository = ReturnType<typeof createCatalogueFileRepository>;
