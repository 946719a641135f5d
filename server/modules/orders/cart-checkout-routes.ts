import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { cartCheckoutInputSchema, lastDeliverySchema, orderSchema } from '../../../common/schemas/orders.ts';
import type { OrderLimits } from '../../config/env.ts';
import { perMinute } from '../../plugins/rate-limit.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { OrderService, PricedLine } from './order-service.ts';

export interface CartCheckoutRouteOptions {
  orders: Pick<OrderService, 'placeFromCart' | 'lastDelivery'>;
  /** The signed-in customer's cart as an order takes it (the cart module's), or a 409 naming the line to fix. */
  cartLines: (viewer: SignedInUser) => Promise<PricedLine[]>;
  limits: OrderLimits;
}

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The cart's checkout: the whole cart becomes one order, paid as any order is (`POST /create-payment-intent`, `PUT /orders/{id}`). */
export const cartCheckoutRoutes: FastifyPluginAsyncZod<CartCheckoutRouteOptions> = async (app, { orders, cartLines, limits }) => {
  app.post(
    '/cart/checkout',
    {
      config: { access: 'signedIn', rateLimit: perMinute(limits.ordersPerMinute) },
      schema: {
        tags: ['cart', 'orders'],
        summary: 'Check out your cart to a phone and address: one unpaid order of every line, priced from your cart on the server',
        body: cartCheckoutInputSchema,
        response: { 201: orderSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const lines = await cartLines(viewer);
      return reply.status(201).send(await orders.placeFromCart(viewer, lines, request.body));
    },
  );

  app.get(
    '/cart/delivery',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['cart'],
        summary: 'The phone and address of your last order, to fill the checkout form with (null before your first order)',
        response: { 200: lastDeliverySchema, ...refusals },
      },
    },
    async (request) => orders.lastDelivery(signedInViewer(request)),
  );
};
