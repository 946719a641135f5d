import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { orderIdParamsSchema, orderPaymentSchema, orderSchema, paymentIntentInputSchema, paymentIntentSchema } from '../../../common/schemas/orders.ts';
import { orderCaller } from '../../plugins/route-access.ts';
import type { OrderLimits } from '../../config/env.ts';
import type { PaymentService } from './payment-service.ts';
import { perMinute } from '../../plugins/rate-limit.ts';

export interface PaymentRouteOptions {
  payments: PaymentService;
  limits: OrderLimits;
}

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Paying an order, whichever processor takes the card. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, { payments, limits }) => {
  app.post(
    '/create-payment-intent',
    {
      config: { access: 'buyer', rateLimit: perMinute(limits.ordersPerMinute) },
      schema: {
        tags: ['payments'],
        summary: "Start paying an unpaid order (your own, or a guest's with its key in X-Order-Key): a payment for the order's own total",
        body: paymentIntentInputSchema,
        response: { 200: paymentIntentSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request) => payments.prepare(orderCaller(request), request.body.orderId),
  );

  app.put(
    '/orders/:id',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: 'Mark an order paid: only with a payment the card processor confirms for this order and amount',
        params: orderIdParamsSchema,
        body: orderPaymentSchema,
        response: { 200: orderSchema, 400: apiErrorSchema, 502: apiErrorSchema, ...refusals },
      },
    },
    async (request) => payments.confirm(orderCaller(request), request.params.id, request.body.transactionId),
  );
};
