import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { errorCodes } from '../../../common/schemas/errors.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { GatewayRouteOptions } from './payment-gateway.ts';

/** The payment an event is about: the intent itself, or the intent a charge belongs to. */
function paymentOf(event: Stripe.Event): { payment?: { id: string; orderId: string | undefined } } {
  if (event.type.startsWith('payment_intent.')) {
    const intent = event.data.object as Stripe.PaymentIntent;
    return { payment: { id: intent.id, orderId: intent.metadata.orderId } };
  }
  if (event.type.startsWith('charge.')) {
    const charge = event.data.object as Stripe.Charge;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (intentId) return { payment: { id: intentId, orderId: charge.metadata?.orderId } };
  }
  return {};
}

/**
 * `POST /webhooks/stripe`: Stripe tells the shop about its payments. Only events signed with the
 * webhook secret, recently by the shop's clock, are believed.
 */
export function stripeWebhookRoutes(stripe: Stripe, secret: string, clock: Clock): FastifyPluginAsyncZod<GatewayRouteOptions> {
  return async (app, { handleEvent }) => {
    // Stripe signs the exact bytes it sends, so this route reads its body raw.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Anyone may call; only a body Stripe signed is acted on.
    app.post('/webhooks/stripe', { config: { access: 'public', origin: 'signed' }, schema: { hide: true } }, async (request) => {
      const signature = String(request.headers['stripe-signature'] ?? '');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body as Buffer, signature, secret, undefined, undefined, clock().getTime());
      } catch {
        throw new AppError(400, errorCodes.validation, 'The event signature does not verify.');
      }
      const result = await handleEvent({ id: event.id, type: event.type, ...paymentOf(event) });
      return { received: true, result };
    });
  };
}
