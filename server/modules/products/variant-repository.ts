import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProductVariantsTable } from '../../db/schema.ts';
import { refreshProducts } from '../../db/variant-stock.ts';

export type VariantRow = Selectable<ProductVariantsTable>;
/** A variant as the admin's form gives it: everything but what the shop keeps of its own. */
export type VariantFields = Omit<VariantRow, 'id' | 'product_id' | 'position' | 'low_stock_noticed'>;

const variantColumns = ['id', 'product_id', 'position', 'sku', 'options', 'price_cents', 'avail_quantity', 'weight_grams', 'img', 'low_stock_at', 'low_stock_noticed'] as const;

/** A product's variants in the order the admin gave them (`product_variants_product_idx`). */
export function variantsOf(db: Database, productId: string): Promise<VariantRow[]> {
  return db.selectFrom('product_variants').select(variantColumns).where('product_id', '=', productId).orderBy('position').execute();
}

/** The variants of several products, in one query. */
export async function variantsOfProducts(db: Database, productIds: readonly string[]): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db.selectFrom('product_variants').select(variantColumns).where('product_id', 'in', productIds).orderBy('product_id').orderBy('position').execute();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  return byProduct;
}

export function findVariant(db: Database, id: string): Promise<VariantRow | undefined> {
  return db.selectFrom('product_variants').select(variantColumns).where('id', '=', id).executeTakeFirst();
}

export function findVariants(db: Database, ids: readonly string[]): Promise<VariantRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('product_variants').select(variantColumns).where('id', 'in', ids).execute();
}

/**
 * Makes a product's variants the ones given, matched by SKU: a variant kept keeps its id (so carts and
 * alerts holding it still do), a new one gets `newId()` (the first of a new product takes the
 * product's id), and one no longer given is deleted. Then the product's row is written from them.
 */
export async function replaceVariants(trx: Database, productId: string, variants: readonly VariantFields[], newId: () => string): Promise<VariantRow[]> {
  const current = await variantsOf(trx, productId);
  const bySku = new Map(current.map((row) => [row.sku.toUpperCase(), row]));
  const kept = new Set<string>();
  // Positions move out of the way first, so that the unique (product, position) index never sees two at once.
  if (current.length > 0)
    await trx
      .updateTable('product_variants')
      .set((eb) => ({ position: eb('position', '+', 1000) }))
      .where('product_id', '=', productId)
      .execute();
  const written: VariantRow[] = [];
  for (const [position, variant] of variants.entries()) {
    const existing = bySku.get(variant.sku.toUpperCase());
    if (existing) {
      kept.add(existing.id);
      const row = await trx
        .updateTable('product_variants')
        .set({ ...variant, position })
        .where('id', '=', existing.id)
        .returning(variantColumns)
        .executeTakeFirstOrThrow();
      written.push(row);
      continue;
    }
    const id =
      current.length === 0 && position === 0 && !(await trx.selectFrom('product_variants').select('id').where('id', '=', productId).executeTakeFirst()) ? productId : newId();
    const row = await trx
      .insertInto('product_variants')
      .values({ ...variant, id, product_id: productId, position })
      .returning(variantColumns)
      .executeTakeFirstOrThrow();
    written.push(row);
  }
  const gone = current.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await deleteVariants(trx, gone);
  await refreshProducts(trx, [productId]);
  return written;
}

/** Deletes variants; the order lines that bought them keep their copy and no longer name them. */
export async function deleteVariants(trx: Database, ids: readonly string[]): Promise<void> {
  await trx.updateTable('order_lines').set({ variant_id: null }).where('variant_id', 'in', ids).execute();
  await trx.deleteFrom('product_variants').where('id', 'in', ids).execute();
}
