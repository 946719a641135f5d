import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whileHolding } from '../../db/row-lock.ts';
import type { CartItemsTable, ProductsTable } from '../../db/schema.ts';

export type CartItemRow = Selectable<CartItemsTable>;

/** What a cart reads of a product: what its lines show, the stock its rule checks, and what prices its shipping and code (weight, category). */
export type CartProductRow = Pick<ProductsTable, 'id' | 'name' | 'img' | 'price_cents' | 'min_quantity' | 'avail_quantity'> & { category: string; weight_grams: number };

/** A line as the merge at sign-in leaves it: its new quantity, or 0 to remove it. */
export interface MergedLine {
  productId: string;
  quantity: number;
}

/** Signed-in customers' carts (ADR 018), one row per (customer, product). */
export function createCartRepository(db: Database) {
  return {
    /**
     * Runs `work` in a transaction holding the customer's account row: the edits of one cart queue
     * here, so that the line limit `work` reads is still true when it writes (two adds at once could
     * otherwise each see 49 lines and make 51).
     */
    withCartHeld<T>(userId: string, work: (transaction: Database) => Promise<T>): Promise<T> {
      return whileHolding(db, 'user', userId, work);
    },

    /** The customer's lines in the order they were added (`cart_items_user_added_idx`), inside a transaction when one is given. */
    linesOf(userId: string, on: Database = db): Promise<CartItemRow[]> {
      return on.selectFrom('cart_items').selectAll().where('user_id', '=', userId).orderBy('added_at').orderBy('product_id').execute();
    },

    /**
     * The products of a page of lines, in one query (never one per line). The catalogue's rows are
     * read here, as the orders repository reads their stock, because a cart prices and checks them.
     */
    productsByIds(ids: readonly string[]): Promise<CartProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .select(['id', 'name', 'img', 'price_cents', 'min_quantity', 'avail_quantity', 'category', 'weight_grams'])
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Sets a line's quantity, adding the line if the cart lacks it (it then counts as added now), in the transaction given. */
    async put(transaction: Database, userId: string, productId: string, quantity: number, now: string): Promise<void> {
      await transaction
        .insertInto('cart_items')
        .values({ user_id: userId, product_id: productId, quantity, added_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doUpdateSet({ quantity }))
        .execute();
    },

    async remove(userId: string, productId: string): Promise<void> {
      await db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    },

    /**
     * Writes what a merge decided, in the transaction given: the cart is never seen half merged. New
     * lines are added a millisecond apart, so that the cart lists them in the visitor's order.
     */
    async merge(trx: Database, userId: string, lines: readonly MergedLine[], now: Date): Promise<void> {
      const removed = lines.filter((line) => line.quantity === 0).map((line) => line.productId);
      if (removed.length > 0) await trx.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', 'in', removed).execute();
      for (const [index, line] of lines.filter((kept) => kept.quantity > 0).entries()) {
        await trx
          .insertInto('cart_items')
          .values({ user_id: userId, product_id: line.productId, quantity: line.quantity, added_at: new Date(now.getTime() + index).toISOString() })
          .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doUpdateSet({ quantity: line.quantity }))
          .execute();
      }
    },

    /** Takes the lines of these products out of the customer's cart, in the transaction given (the one that records the payment). */
    async removeProducts(transaction: Database, userId: string, productIds: readonly string[]): Promise<void> {
      if (productIds.length === 0) return;
      await transaction
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where('product_id', 'in', [...productIds])
        .execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
