import type { ProductOption, VariantChoice } from '../../common/variants.ts';
import type { Database } from '../db/database.ts';
import { refreshProducts, returnVariantStock, takeVariantStock } from '../db/variant-stock.ts';
import { newRecordId } from '../record-id.ts';

/** A product with options, straight into the catalogue, as the stock-alert and wishlist tests need it. */
export interface VariantProduct {
  id: string;
  name: string;
  /** The variants' ids, in the order given. */
  variantIds: string[];
}

let counter = 0;

/**
 * A product and its variants (each a choice, a stock and optionally a low-stock mark), with the
 * product's row written from them as the shop writes it. Without options, one variant with the product's id.
 */
export async function addVariantProduct(
  db: Database,
  {
    name,
    minQuantity = 1,
    options = [],
    variants,
    hidden = false,
  }: {
    name?: string;
    minQuantity?: number;
    options?: ProductOption[];
    variants: Array<{ choice?: VariantChoice; stock: number; priceCents?: number; lowStockAt?: number }>;
    hidden?: boolean;
  },
): Promise<VariantProduct> {
  counter += 1;
  const id = newRecordId();
  const productName = name ?? `Paring chisel no. ${counter}`;
  await db
    .insertInto('products')
    .values({
      id,
      name: productName,
      description: 'A chisel for the stock-alert tests.',
      img: '/images/products/test.webp',
      price_cents: 1000,
      min_quantity: minQuantity,
      avail_quantity: 0,
      created_at: '2026-01-05T10:00:00.000Z',
      category: 'chisels',
      options: JSON.stringify(options),
      hidden: hidden ? 1 : 0,
    })
    .execute();
  const variantIds: string[] = [];
  for (const [position, variant] of variants.entries()) {
    const variantId = options.length === 0 && position === 0 ? id : newRecordId();
    variantIds.push(variantId);
    await db
      .insertInto('product_variants')
      .values({
        id: variantId,
        product_id: id,
        position,
        sku: `TEST-${counter}-${position}-${variantId.slice(0, 8)}`.toUpperCase(),
        options: JSON.stringify(variant.choice ?? {}),
        price_cents: variant.priceCents ?? 1000 + position * 100,
        avail_quantity: variant.stock,
        low_stock_at: variant.lowStockAt ?? null,
      })
      .execute();
  }
  await db.transaction().execute((trx) => refreshProducts(trx, [id]));
  return { id, name: productName, variantIds };
}

/** Stock put back into a variant, as a cancelled order or the admin's restock does: the one way stock moves. */
export async function restock(db: Database, productId: string, variantId: string, pieces: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await returnVariantStock(trx, variantId, pieces);
    await refreshProducts(trx, [productId]);
  });
}

/** Pieces taken from a variant, as a paid order takes them. */
export async function sell(db: Database, productId: string, variantId: string, pieces: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await takeVariantStock(trx, variantId, pieces))) throw new Error(`variant ${variantId} has fewer than ${pieces} pieces`);
    await refreshProducts(trx, [productId]);
  });
}
