import { z } from 'zod';
import { paginationQuerySchema } from './pagination.ts';

/** One product a customer keeps an eye on, as it is now in the catalogue. */
export const wishlistItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number().meta({ description: 'The lowest unit price in US dollars' }),
  priceMax: z.number().meta({ description: 'The highest variant price; above price, the page says "from $price"' }),
  availQuantity: z.number().int().meta({ description: 'Units in stock over every variant' }),
  soldOut: z.boolean().meta({ description: 'No variant can be ordered now (or the product is hidden)' }),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistQuerySchema = paginationQuerySchema;

export const wishlistParamsSchema = z.object({ productId: z.string().max(200) });

/** `GET /wishlist/ids`: which products are in the customer's wishlist, for the hearts of a page. */
export const wishlistIdsSchema = z.object({ productIds: z.array(z.string()) });
export type WishlistIds = z.infer<typeof wishlistIdsSchema>;

/** The answer to a heart pressed or released. */
export const wishlistChangeSchema = z.object({ productId: z.string(), inWishlist: z.boolean() });

/** The most products one wishlist keeps (so that `GET /wishlist/ids` stays one small answer). */
export const wishlistLimit = 200;
export const wishlistMessages = {
  full: `A wishlist keeps at most ${wishlistLimit} products: remove one to add another.`,
  noSuchProduct: 'No product has that id.',
} as const;
