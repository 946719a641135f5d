import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { apiErrorSchema, errorCodes } from '../../../common/schemas/errors.ts';
import { localCardPaymentSchema, paymentIntentInputSchema, paymentIntentSchema } from '../../../common/schemas/orders.ts';
import { AppError } from '../../errors.ts';
import { requireSignedIn, type Sessions } from '../auth/viewer.ts';
import type { LocalGateway } from './local-gateway.ts';
import type { PaymentService } from './payment-service.ts';

export interface PaymentRouteOptions {
  payments: PaymentService;
  sessions: Sessions;
  /** The local test processor, when it is the one in use. */
  local: LocalGateway | undefined;
  /** Stripe's client and webhook signing secret, when Stripe is in use and its webhook set up. */
  stripeWebhook: { stripe: Stripe; secret: string } | undefined;
}

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, { payments, sessions, local, stripeWebhook }) => {
  app.post(
    '/create-payment-intent',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "Start paying an unpaid order: a payment for the order's own total",
        body: paymentIntentInputSchema,
        response: { 200: paymentIntentSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request) => payments.prepare(await requireSignedIn(sessions, request), request.body.orderId),
  );

  if (local) {
    app.post(
      '/payments/local/authorise',
      {
        // Card numbers are tried here: slow down anyone guessing them.
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['payments'],
          summary: "The local test processor's card form: authorise a payment with a card (Stripe's test cards behave as at Stripe)",
          body: localCardPaymentSchema.extend({ orderId: z.string().max(200) }),
          response: { 200: z.object({ transactionId: z.string() }), 400: apiErrorSchema, 402: apiErrorSchema, 429: apiErrorSchema, ...refusals },
        },
      },
      async (request) => {
        const { orderId, clientSecret, ...card } = request.body;
        return payments.authoriseWithCard(local, await requireSignedIn(sessions, request), orderId, clientSecret, card);
      },
    );
  }

  if (stripeWebhook) {
    // Stripe signs the exact bytes it sends, so this route reads its body raw.
    await app.register(async (webhooks) => {
      webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhooks.post('/webhooks/stripe', { schema: { hide: true } }, async (request) => {
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripeWebhook.stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ''), stripeWebhook.secret);
        } catch {
          throw new AppError(400, errorCodes.validation, 'The event signature does not verify.');
        }
        const intent = event.type.startsWith('payment_intent.') ? (event.data.object as Stripe.PaymentIntent) : undefined;
        const result = await payments.handleProcessorEvent({
          id: event.id,
          type: event.type,
          ...(intent && { payment: { id: intent.id, orderId: intent.metadata.orderId } }),
        });
        return { received: true, result };
      });
    });
  }
};
