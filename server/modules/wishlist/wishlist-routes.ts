import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { wishlistChangeSchema, wishlistIdsSchema, wishlistItemSchema, wishlistParamsSchema, wishlistQuerySchema } from '../../../common/schemas/wishlist.ts';
import { sendPage } from '../../pagination.ts';
import { perMinute } from '../../plugins/rate-limit.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { WishlistService } from './wishlist-service.ts';

export interface WishlistRouteOptions {
  wishlist: WishlistService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
/** A person presses hearts by hand; a script pressing them faster than this is not a person. */
const editsPerMinute = perMinute(120);

/** The signed-in customer's own wishlist: hearts on cards and product pages, and the My Wishlist page. */
export const wishlistRoutes: FastifyPluginAsyncZod<WishlistRouteOptions> = async (app, { wishlist }) => {
  app.get(
    '/wishlist',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['wishlist'],
        summary: 'Your wishlist, the latest added first: each product as it is now, with its price, stock and whether it is sold out; total in X-Total-Count',
        querystring: wishlistQuerySchema,
        response: { 200: z.array(wishlistItemSchema), ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await wishlist.list(signedInViewer(request), request.query)),
  );

  app.get(
    '/wishlist/ids',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['wishlist'],
        summary: 'The ids of the products in your wishlist, for the hearts of the page you see (a wishlist keeps at most 200)',
        response: { 200: wishlistIdsSchema, ...refusals },
      },
    },
    async (request) => wishlist.ids(signedInViewer(request)),
  );

  app.put(
    '/wishlist/:productId',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to your wishlist (again: no change); 409 when it is full',
        params: wishlistParamsSchema,
        response: { 200: wishlistChangeSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => wishlist.add(signedInViewer(request), request.params.productId),
  );

  app.delete(
    '/wishlist/:productId',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: {
        tags: ['wishlist'],
        summary: 'Take a product out of your wishlist (again, or one never in it: no change)',
        params: wishlistParamsSchema,
        response: { 200: wishlistChangeSchema, ...refusals },
      },
    },
    async (request) => wishlist.remove(signedInViewer(request), request.params.productId),
  );
};
