import { sql } from 'kysely';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';
import { becomeTheWriter } from './row-lock.ts';

/**
 * The one way stock moves (issue 27, ADR 039): by variant, in the caller's transaction, then the
 * product's row is written again from its variants, so that lists keep reading one row per product.
 * Every writer of `product_variants` calls `refreshProducts` in the same transaction.
 */

/**
 * Takes `quantity` pieces of a variant if it has them: one conditional update, so that however many
 * checkouts race, none takes a piece another took. Answers whether it did.
 */
export async function takeVariantStock(trx: Database, variantId: string, quantity: number): Promise<boolean> {
  const taken = await trx
    .updateTable('product_variants')
    .set((eb) => ({ avail_quantity: eb('avail_quantity', '-', quantity) }))
    .where('id', '=', variantId)
    .where('avail_quantity', '>=', quantity)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Puts pieces back: a cancelled checkout's, a refund's with restock. A variant deleted meanwhile takes nothing back. */
export async function returnVariantStock(trx: Database, variantId: string, quantity: number): Promise<void> {
  if (quantity <= 0) return;
  await trx
    .updateTable('product_variants')
    .set((eb) => ({ avail_quantity: eb('avail_quantity', '+', quantity) }))
    .where('id', '=', variantId)
    .execute();
}

/**
 * Writes each product's lowest and highest price and its stock summed from its variants. Ids are
 * taken in order, so that two transactions refreshing the same products lock them in the same order.
 */
export async function refreshProducts(trx: Database, productIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(productIds)].toSorted();
  if (ids.length === 0) return;
  await trx
    .updateTable('products')
    .set({
      price_cents: sql<number>`coalesce((select min(price_cents) from product_variants where product_variants.product_id = products.id), products.price_cents)`,
      price_max_cents: sql<number>`coalesce((select max(price_cents) from product_variants where product_variants.product_id = products.id), products.price_max_cents)`,
      avail_quantity: sql<number>`coalesce((select sum(avail_quantity) from product_variants where product_variants.product_id = products.id), 0)`,
    })
    .where('id', 'in', ids)
    .execute();
}

/**
 * Holds a product's variants before its own row is written: a checkout takes variants first and then
 * writes their products, so an edit of the product must take them in the same order (variants by id,
 * then the product), or the two could each hold what the other waits for.
 */
export async function holdVariantsOf(trx: Database, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  if (isPostgres(trx)) {
    await sql`select id from product_variants where product_id in (${sql.join([...productIds])}) order by id for update`.execute(trx);
    return;
  }
  await becomeTheWriter(trx);
}
