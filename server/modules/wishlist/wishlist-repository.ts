import type { Database } from '../../db/database.ts';
import { whileHolding } from '../../db/row-lock.ts';

/** A wishlist's line with what the page shows of its product now. */
export interface WishlistRow {
  product_id: string;
  added_at: string;
  name: string;
  img: string;
  price_cents: number;
  price_max_cents: number;
  avail_quantity: number;
  min_quantity: number;
  hidden: number;
  /** The best stocked variant's stock: whether any can be ordered. */
  best_stock: number | null;
}

/** What signed-in customers keep an eye on, one row per (customer, product). The catalogue's rows are read here, as the cart reads them. */
export function createWishlistRepository(db: Database) {
  return {
    /** A page of the customer's wishlist, the latest added first (`wishlist_items_user_added_idx`). */
    async page(userId: string, page: { limit: number; offset: number }): Promise<{ rows: WishlistRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('wishlist_items as w')
          .innerJoin('products as p', 'p.id', 'w.product_id')
          .select(['w.product_id', 'w.added_at', 'p.name', 'p.img', 'p.price_cents', 'p.price_max_cents', 'p.avail_quantity', 'p.min_quantity', 'p.hidden'])
          .select((eb) =>
            eb
              .selectFrom('product_variants as v')
              .whereRef('v.product_id', '=', 'w.product_id')
              .select((inner) => inner.fn.max<number>('v.avail_quantity').as('m'))
              .as('best_stock'),
          )
          .where('w.user_id', '=', userId)
          .orderBy('w.added_at', 'desc')
          .orderBy('w.product_id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom('wishlist_items')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    async productIds(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('wishlist_items').select('product_id').where('user_id', '=', userId).orderBy('added_at', 'desc').execute();
      return rows.map((row) => row.product_id);
    },

    async productExists(productId: string): Promise<boolean> {
      return (await db.selectFrom('products').select('id').where('id', '=', productId).where('hidden', '=', 0).executeTakeFirst()) !== undefined;
    },

    /**
     * Adds a product unless it is there already, while the wishlist holds fewer than `limit`: the
     * customer's account row is held, so that two adds at once cannot both see room for one more.
     * Answers false when it is full.
     */
    add(userId: string, productId: string, now: string, limit: number): Promise<boolean> {
      return whileHolding(db, 'user', userId, async (trx) => {
        const present = await trx.selectFrom('wishlist_items').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
        if (present) return true;
        const count = await trx
          .selectFrom('wishlist_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= limit) return false;
        await trx
          .insertInto('wishlist_items')
          .values({ user_id: userId, product_id: productId, added_at: now })
          .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
          .execute();
        return true;
      });
    },

    async remove(userId: string, productId: string): Promise<void> {
      await db.deleteFrom('wishlist_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },
  };
}

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
