import { sql } from 'kysely';
import { type ProductOption, type VariantChoice, variantLabel } from '../../common/variants.ts';
import type { Database } from './database.ts';

/**
 * A variant as a cart, a quote and an order take it: its product's name, category and minimum order,
 * its own price, stock, weight, SKU and picture (the product's when it has none), and how it reads.
 */
export interface SellableVariant {
  variantId: string;
  productId: string;
  name: string;
  img: string;
  category: string;
  priceCents: number;
  weightGrams: number;
  sku: string;
  /** "Width 10 mm · Handle Walnut"; '' for a product sold one way. */
  label: string;
  minQuantity: number;
  availQuantity: number;
  hidden: boolean;
  /** Whether its product is sold in several ways, so that a line must say which. */
  hasOptions: boolean;
}

/** The variants with these ids, in one query through the primary keys; a deleted one is simply missing. */
export async function sellableVariants(db: Database, variantIds: readonly string[]): Promise<Map<string, SellableVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id as variant_id',
      'v.product_id',
      'p.name',
      sql<string>`case when v.img = '' then p.img else v.img end`.as('img'),
      'p.category',
      'v.price_cents',
      'v.weight_grams',
      'v.sku',
      'v.options as choice',
      'p.options',
      'p.min_quantity',
      'v.avail_quantity',
      'p.hidden',
    ])
    .where('v.id', 'in', [...new Set(variantIds)])
    .execute();
  return new Map(
    rows.map((row) => {
      const options = JSON.parse(row.options) as ProductOption[];
      const variant: SellableVariant = {
        variantId: row.variant_id,
        productId: row.product_id,
        name: row.name,
        img: row.img,
        category: row.category,
        priceCents: row.price_cents,
        weightGrams: row.weight_grams,
        sku: row.sku,
        label: variantLabel(options, JSON.parse(row.choice) as VariantChoice),
        minQuantity: row.min_quantity,
        availQuantity: row.avail_quantity,
        hidden: row.hidden === 1,
        hasOptions: options.length > 0,
      };
      return [row.variant_id, variant];
    }),
  );
}
