import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutDeliverySchema, checkoutIdParamsSchema, checkoutInputSchema, checkoutSchema } from '../../../common/schemas/checkouts.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { OrderLimits } from '../../config/env.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { CheckoutLineInput, CheckoutService } from './checkout-service.ts';
import { perMinute } from '../../plugins/rate-limit.ts';

export interface CheckoutRouteOptions {
  checkouts: CheckoutService;
  /** The signed-in customer's cart as a checkout takes it (the cart module's), or a 409 naming the line to fix. */
  cartLines: (viewer: SignedInUser) => Promise<CheckoutLineInput[]>;
  limits: OrderLimits;
}

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Opening and reading checkouts (ADR 018); paying one is the payments module's. */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRouteOptions> = async (app, { checkouts, cartLines, limits }) => {
  app.post(
    '/checkouts',
    {
      config: { access: 'signedIn', rateLimit: perMinute(limits.ordersPerMinute) },
      schema: {
        tags: ['checkouts'],
        summary:
          'Check out your cart to a phone and address: the lines, prices and total are those of your cart on the server. Your open checkout with the same lines is answered again; any other is replaced',
        body: checkoutInputSchema,
        response: { 201: checkoutSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const lines = await cartLines(viewer);
      return reply.status(201).send(await checkouts.open(viewer, lines, request.body));
    },
  );

  // A static segment, so never taken for `GET /checkouts/{id}`.
  app.get(
    '/checkouts/delivery',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['checkouts'],
        summary: 'The phone and address of your last order, to fill the checkout form with (null before your first order)',
        response: { 200: checkoutDeliverySchema, ...refusals },
      },
    },
    async (request) => checkouts.lastDelivery(signedInViewer(request)),
  );

  app.get(
    '/checkouts/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['checkouts'],
        summary: 'One checkout with its lines (and, once paid, the order each became): your own, or any for an admin',
        params: checkoutIdParamsSchema,
        response: { 200: checkoutSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => checkouts.get(signedInViewer(request), request.params.id),
  );
};
