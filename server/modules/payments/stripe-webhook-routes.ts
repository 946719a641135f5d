import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { GatewayRouteOptions } from './payment-gateway.ts';
import { readStripeEvent } from './stripe-event.ts';

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
      let body: unknown;
      try {
        body = stripe.webhooks.constructEvent(request.body as Buffer, signature, secret, undefined, undefined, clock().getTime());
      } catch {
        throw new AppError(400, 'VALIDATION_FAILED', 'The event signature does not verify.');
      }
      // Signed is not the same as well formed: the body is read with a schema before anything acts on it.
      const event = readStripeEvent(body);
      if (!event) throw new AppError(400, 'VALIDATION_FAILED', 'The body is not an event: it needs a string id and type.');
      const result = await handleEvent(event);
      return { received: true, result };
    });
  };
}
