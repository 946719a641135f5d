import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutIdParamsSchema, checkoutSchema } from '../../../common/schemas/checkouts.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { orderPaymentSchema, paymentIntentSchema } from '../../../common/schemas/orders.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { OrderLimits } from '../../config/env.ts';
import type { CheckoutPaymentService } from './checkout-payment-service.ts';
import { perMinute } from '../../plugins/rate-limit.ts';

export interface CheckoutPaymentRouteOptions {
  payments: CheckoutPaymentService;
  limits: OrderLimits;
}

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Paying a checkout with one payment (ADR 018): the same two calls as paying an order. */
export const checkoutPaymentRoutes: FastifyPluginAsyncZod<CheckoutPaymentRouteOptions> = async (app, { payments, limits }) => {
  app.post(
    '/checkouts/:id/payment-intent',
    {
      config: { access: 'signedIn', rateLimit: perMinute(limits.ordersPerMinute) },
      schema: {
        tags: ['checkouts'],
        summary: "Start paying your open checkout: one payment for its whole total; refused, naming the line, when a line's stock is short",
        params: checkoutIdParamsSchema,
        response: { 200: paymentIntentSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request) => payments.prepare(signedInViewer(request), request.params.id),
  );

  app.put(
    '/checkouts/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['checkouts'],
        summary:
          'Mark a checkout paid: only with a payment the card processor confirms for it and its total. Every line becomes a paid order, all their stock taken together, or none is and the payment is released',
        params: checkoutIdParamsSchema,
        body: orderPaymentSchema,
        response: { 200: checkoutSchema, 400: apiErrorSchema, 502: apiErrorSchema, ...refusals },
      },
    },
    async (request) => payments.confirm(signedInViewer(request), request.params.id, request.body.transactionId),
  );
};
