import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whileHolding } from '../../db/row-lock.ts';
import type { CartItemsTable } from '../../db/schema.ts';
import { type SellableVariant, sellableVariants } from '../../db/sellable-variants.ts';

export type CartItemRow = Selectable<CartItemsTable>;

/** A line as the merge at sign-in leaves it: its new quantity, or 0 to remove it. */
export interface MergedLine {
  productId: string;
  variantId: string;
  quantity: number;
}

/** Signed-in customers' carts (ADR 018), one row per (customer, variant). */
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
      return on.selectFrom('cart_items').selectAll().where('user_id', '=', userId).orderBy('added_at').orderBy('variant_id').execute();
    },

    /** The variants of a page of lines, in one query (never one per line): a cart prices and checks them. */
    variantsByIds: (ids: readonly string[]): Promise<Map<string, SellableVariant>> => sellableVariants(db, ids),

    /** Sets a line's quantity, adding the line if the cart lacks it (it then counts as added now), in the transaction given. */
    async put(transaction: Database, userId: string, item: { productId: string; variantId: string }, quantity: number, now: string): Promise<void> {
      await transaction
        .insertInto('cart_items')
        .values({ user_id: userId, product_id: item.productId, variant_id: item.variantId, quantity, added_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'variant_id']).doUpdateSet({ quantity }))
        .execute();
    },

    /** Takes a line out, in the transaction given; answers whether there was one. */
    async remove(transaction: Database, userId: string, variantId: string): Promise<boolean> {
      const removed = await transaction.deleteFrom('cart_items').where('user_id', '=', userId).where('variant_id', '=', variantId).executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },

    /**
     * Writes what a merge decided, in the transaction given: the cart is never seen half merged. New
     * lines are added a millisecond apart, so that the cart lists them in the visitor's order.
     */
    async merge(trx: Database, userId: string, lines: readonly MergedLine[], now: Date): Promise<void> {
      const removed = lines.filter((line) => line.quantity === 0).map((line) => line.variantId);
      if (removed.length > 0) await trx.deleteFrom('cart_items').where('user_id', '=', userId).where('variant_id', 'in', removed).execute();
      for (const [index, line] of lines.filter((kept) => kept.quantity > 0).entries()) {
        await trx
          .insertInto('cart_items')
          .values({ user_id: userId, product_id: line.productId, variant_id: line.variantId, quantity: line.quantity, added_at: new Date(now.getTime() + index).toISOString() })
          .onConflict((conflict) => conflict.columns(['user_id', 'variant_id']).doUpdateSet({ quantity: line.quantity }))
          .execute();
      }
    },

    /** Takes the lines of these variants out of the customer's cart, in the transaction given (the one that records the payment). */
    async removeVariants(transaction: Database, userId: string, variantIds: readonly string[]): Promise<void> {
      if (variantIds.length === 0) return;
      await transaction
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where('variant_id', 'in', [...variantIds])
        .execute();
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
