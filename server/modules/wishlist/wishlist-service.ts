import { centsToDollars } from '../../../common/money.ts';
import { type WishlistItem, wishlistLimit, wishlistMessages } from '../../../common/schemas/wishlist.ts';
import { canOrder } from '../../../common/variants.ts';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../errors.ts';
import { isRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { WishlistRepository, WishlistRow } from './wishlist-repository.ts';

function toItem(row: WishlistRow): WishlistItem {
  return {
    productId: row.product_id,
    name: row.name,
    img: row.img,
    price: centsToDollars(row.price_cents),
    priceMax: centsToDollars(Math.max(row.price_max_cents, row.price_cents)),
    availQuantity: row.avail_quantity,
    soldOut: Boolean(row.hidden) || !canOrder({ minQuantity: row.min_quantity, availQuantity: row.best_stock ?? row.avail_quantity }),
    addedAt: row.added_at,
  };
}

/** A signed-in customer's own wishlist: there is no way to name another's. Adding and removing are idempotent. */
export function createWishlistService(wishlist: WishlistRepository, clock: Clock) {
  return {
    async list(viewer: SignedInUser, page: { limit: number; offset: number }): Promise<{ items: WishlistItem[]; total: number }> {
      const { rows, total } = await wishlist.page(viewer.id, page);
      return { items: rows.map(toItem), total };
    },

    async ids(viewer: SignedInUser): Promise<{ productIds: string[] }> {
      return { productIds: await wishlist.productIds(viewer.id) };
    },

    async add(viewer: SignedInUser, productId: string): Promise<{ productId: string; inWishlist: boolean }> {
      if (!isRecordId(productId) || !(await wishlist.productExists(productId))) throw notFound(wishlistMessages.noSuchProduct);
      if (!(await wishlist.add(viewer.id, productId, clock().toISOString(), wishlistLimit))) throw conflict(wishlistMessages.full);
      return { productId, inWishlist: true };
    },

    async remove(viewer: SignedInUser, productId: string): Promise<{ productId: string; inWishlist: boolean }> {
      await wishlist.remove(viewer.id, productId);
      return { productId, inWishlist: false };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
