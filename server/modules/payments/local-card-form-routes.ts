import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CardInput } from '../../../common/card-rules.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { localCardPaymentSchema } from '../../../common/schemas/orders.ts';
import { AppError } from '../../errors.ts';
import { orderCaller } from '../../plugins/route-access.ts';
import { CardError, type GatewayRouteOptions } from './payment-gateway.ts';
import { perMinute } from '../../plugins/rate-limit.ts';

/** What the local processor's card form asks of its ledger. */
export interface LocalCardAuthoriser {
  /** Authorises the payment with this client secret by the card; a CardError when the card is refused. */
  authorise(clientSecret: string, card: CardInput): Promise<{ id: string; orderId: string }>;
  cancel(id: string): Promise<void>;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The local processor's card form posts here: what Stripe.js does with Stripe, the shop does itself. */
export function localCardFormRoutes(local: LocalCardAuthoriser): FastifyPluginAsyncZod<GatewayRouteOptions> {
  return async (app, { orderOf, cardAttemptsPerMinute, cardDeclined }) => {
    app.post(
      '/payments/local/authorise',
      {
        // Card numbers are tried here: slow down anyone guessing them.
        config: { access: 'buyer', rateLimit: perMinute(cardAttemptsPerMinute) },
        schema: {
          tags: ['payments'],
          summary: "The local test processor's card form: authorise a payment with a card (Stripe's test cards behave as at Stripe)",
          body: localCardPaymentSchema.extend({ orderId: z.string().max(200) }),
          response: { 200: z.object({ transactionId: z.string() }), ...refusals },
        },
      },
      async (request) => {
        const { orderId, clientSecret, ...card } = request.body;
        // Whose it is is checked before the card is: someone else's order is a 404.
        const order = await orderOf(orderCaller(request), orderId);
        try {
          const payment = await local.authorise(clientSecret, card);
          if (payment.orderId !== order._id) {
            await local.cancel(payment.id);
            throw new CardError('This payment belongs to another order.', 'payment_intent_mismatch');
          }
          return { transactionId: payment.id };
        } catch (error) {
          if (error instanceof CardError) {
            cardDeclined();
            throw new AppError(402, error.code, error.message);
          }
          throw error;
        }
      },
    );
  };
}
