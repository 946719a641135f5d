import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartItemParamsSchema,
  cartLineInputSchema,
  cartLinesInputSchema,
  cartMergeSchema,
  cartQuantityInputSchema,
  cartQuoteInputSchema,
  cartQuoteSchema,
  cartSchema,
} from '../../../common/schemas/cart.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { CartService } from './cart-service.ts';
import { perMinute } from '../../plugins/rate-limit.ts';

export interface CartRouteOptions {
  cart: CartService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
/** A person edits a cart by hand; a script editing it faster than this is not a person. */
const editsPerMinute = perMinute(120);

/** The signed-in customer's own cart (there is no way to name another's), and the pricing of a visitor's. */
export const cartRoutes: FastifyPluginAsyncZod<CartRouteOptions> = async (app, { cart }) => {
  app.get(
    '/cart',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['cart'],
        summary: 'Your cart, priced by the server: each line with its product now and what is wrong with it, and the total',
        response: { 200: cartSchema, ...refusals },
      },
    },
    async (request) => cart.get(signedInViewer(request)),
  );

  app.post(
    '/cart/items',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: {
        tags: ['cart'],
        summary: "Add pieces of a product to your cart; the line's new quantity must obey the order rule (minQuantity <= quantity < availQuantity)",
        body: cartLineInputSchema,
        response: { 200: cartSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => cart.add(signedInViewer(request), request.body),
  );

  app.put(
    '/cart/items/:variantId',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: {
        tags: ['cart'],
        summary: "Set the quantity of a product's line in your cart (adding the line if need be), by the order rule",
        params: cartItemParamsSchema,
        body: cartQuantityInputSchema,
        response: { 200: cartSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => cart.set(signedInViewer(request), request.params.variantId, request.body.quantity),
  );

  app.delete(
    '/cart/items/:variantId',
    {
      config: { access: 'signedIn', rateLimit: editsPerMinute },
      schema: { tags: ['cart'], summary: "Take a product's line out of your cart", params: cartItemParamsSchema, response: { 200: cartSchema, ...refusals } },
    },
    async (request) => cart.remove(signedInViewer(request), request.params.variantId),
  );

  app.post(
    '/cart/merge',
    {
      config: { access: 'signedIn', rateLimit: perMinute(30) },
      schema: {
        tags: ['cart'],
        summary: 'At sign-in: add the lines of the cart kept in this browser to your cart; each line is clamped to the order rule, and each one changed is reported',
        body: cartLinesInputSchema,
        response: { 200: cartMergeSchema, ...refusals },
      },
    },
    async (request) => cart.merge(signedInViewer(request), request.body.lines),
  );

  app.post(
    '/cart/quote',
    {
      config: { access: 'anyone', rateLimit: perMinute(120) },
      schema: {
        tags: ['cart'],
        summary:
          "A cart priced by the server as an order of it would be: a visitor's lines (kept in the browser), or your own cart when signed in and none are sent; with the ways to send it to an address, a discount code and the tax there. Nothing is stored",
        body: cartQuoteInputSchema,
        response: { 200: cartQuoteSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { shippingAddress, ...choices } = request.body;
      return cart.quoteFor(request.viewer, { ...choices, destination: shippingAddress });
    },
  );
};
