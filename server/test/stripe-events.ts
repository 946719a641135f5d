import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { standInSecretKey, standInWebhookSecret } from './stripe-stand-in.ts';

// Only for signing test events: it never calls Stripe.
const signer = new Stripe(standInSecretKey);

/** Delivers an event to the shop as Stripe does: the JSON body, signed in the Stripe-Signature header. */
export function deliverStripeEvent(app: FastifyInstance, event: Stripe.Event | object) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: standInWebhookSecret }) },
    payload,
  });
}
