import { sql } from 'kysely';
import type { BulkChange } from '../../../common/schemas/catalogue-file.ts';
import { dollarsToCents } from '../../../common/money.ts';
import { productLimits } from '../../../common/shop-management.ts';
import type { Database } from '../../db/database.ts';
import { holdVariantsOf, refreshProducts } from '../../db/variant-stock.ts';
import { type ProductState, productStatesOf } from '../products/product-repository.ts';

const highestCents = dollarsToCents(productLimits.maxPrice);

/**
 * One change to every variant of the products chosen, in one transaction (issue 27's bulk edit).
 * A price moved by a percentage is worked out by the update itself, in whole cents (basis points, so
 * that both databases round alike: half a cent up), from the price each variant has when it is written,
 * never below a cent nor above the shop's highest price.
 */
export function createBulkEditRepository(db: Database) {
  return {
    /**
     * Answers how many of the products exist and were changed; `holdCategory` runs first in the
     * transaction, and `alongside` last, with the products as they were and as they are.
     */
    apply(
      ids: readonly string[],
      change: BulkChange,
      holdCategory: ((trx: Database) => Promise<void>) | undefined,
      alongside: (trx: Database, before: ProductState[], after: ProductState[]) => Promise<void>,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await holdCategory?.(trx);
        const found = await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').execute();
        const productIds = found.map((row) => row.id);
        if (productIds.length === 0) return 0;
        // Variants held first, in id order, then products, as a checkout takes them, so that a bulk
        // edit, an edit and a checkout queue instead of each holding what the other waits for.
        await holdVariantsOf(trx, productIds);
        // As they were, for the audit trail: read under the hold, so that no sale or edit comes between.
        const before = await productStatesOf(trx, productIds);
        switch (change.kind) {
          case 'price-percent': {
            const basisPoints = 10_000 + Math.round(change.percent * 100);
            // Bound numbers reach SQLite as reals: cast, so that the division is a whole one.
            const moved = sql<number>`(cast(price_cents as bigint) * cast(${basisPoints} as integer) + 5000) / 10000`;
            await trx
              .updateTable('product_variants')
              .set({ price_cents: sql<number>`cast(case when ${moved} < 1 then 1 when ${moved} > ${highestCents} then ${highestCents} else ${moved} end as integer)` })
              .where('product_id', 'in', productIds)
              .execute();
            break;
          }
          case 'price-to':
            await trx
              .updateTable('product_variants')
              .set({ price_cents: dollarsToCents(change.price) })
              .where('product_id', 'in', productIds)
              .execute();
            break;
          case 'stock':
            await trx.updateTable('product_variants').set({ avail_quantity: change.availQuantity }).where('product_id', 'in', productIds).execute();
            break;
          case 'category':
            await trx.updateTable('products').set({ category: change.category }).where('id', 'in', productIds).execute();
            break;
          case 'hidden':
            await trx
              .updateTable('products')
              .set({ hidden: change.hidden ? 1 : 0 })
              .where('id', 'in', productIds)
              .execute();
            break;
        }
        // A price or a stock moved: the products' rows are written again from their variants.
        if (change.kind !== 'category' && change.kind !== 'hidden') await refreshProducts(trx, productIds);
        await alongside(trx, before, await productStatesOf(trx, productIds));
        return productIds.length;
      });
    },
  };
}

export type BulkEditRepository = ReturnType<typeof createBulkEditRepository>;
