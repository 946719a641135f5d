import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';

/** A variant whose stock is below its low mark, with what the notice says. */
export interface LowVariant {
  id: string;
  productId: string;
  sku: string;
  stock: number;
  threshold: number;
  productName: string;
  options: string;
  variantOptions: string;
}

/** The low-stock marks of variants (`low_stock_at`, `low_stock_noticed`): which fell below, which rose again. */
export function createLowStockRepository(db: Database) {
  return {
    /** Up to `limit` variants below their mark that the shop has not heard of yet. */
    unnoticed(limit: number): Promise<LowVariant[]> {
      return db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.id', 'v.product_id as productId', 'v.sku', 'v.avail_quantity as stock', 'p.name as productName', 'p.options', 'v.options as variantOptions'])
        .select((eb) => eb.fn.coalesce('v.low_stock_at', eb.val(0)).as('threshold'))
        .where('v.low_stock_noticed', '=', 0)
        .where('v.low_stock_at', 'is not', null)
        .whereRef('v.avail_quantity', '<', 'v.low_stock_at')
        .orderBy('v.id')
        .limit(limit)
        .execute();
    },

    /**
     * Marks a variant as heard of, in the transaction that queues its notice: the update finds it still
     * unmarked and still below its mark, so that of two processes at once, one sends and the other
     * changes nothing.
     */
    async claim(trx: Database, variant: { id: string; productId: string }): Promise<boolean> {
      const claimed = await trx
        .updateTable('product_variants')
        .set({ low_stock_noticed: 1 })
        .where('id', '=', variant.id)
        .where('low_stock_noticed', '=', 0)
        .where('low_stock_at', 'is not', null)
        .whereRef('avail_quantity', '<', 'low_stock_at')
        .executeTakeFirst();
      // The mark is the shop's own: it changes no price or stock, so the product's row stays as it is.
      return Number(claimed.numUpdatedRows) > 0;
    },

    /** Unmarks the variants whose stock rose back to their mark (or whose mark was taken away): the next fall is told again. */
    async resetRisen(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        // Held in id order first, as a checkout takes variants, then unmarked by id.
        let risenQuery = trx
          .selectFrom('product_variants')
          .select('id')
          .where('low_stock_noticed', '=', 1)
          .where((eb) => eb.or([eb('low_stock_at', 'is', null), eb('avail_quantity', '>=', eb.ref('low_stock_at'))]))
          .orderBy('id');
        if (isPostgres(trx)) risenQuery = risenQuery.forUpdate();
        const risen = (await risenQuery.execute()).map((row) => row.id);
        if (risen.length === 0) return 0;
        await trx.updateTable('product_variants').set({ low_stock_noticed: 0 }).where('id', 'in', risen).execute();
        return risen.length;
      });
    },

    inTransaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type LowStockRepository = ReturnType<typeof createLowStockRepository>;
