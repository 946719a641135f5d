import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { Clock } from '../../clock.ts';
import { type GatewayPayment, type GatewayRefund, type PaymentCard, type PaymentGateway, type PaymentStatus, RefundRefusedError } from './payment-gateway.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Another address for Stripe's API (the tests' local stand-in); unset, Stripe's own. */
  apiUrl: string | undefined;
}

/** Stripe's client for these settings (the webhook route verifies signatures with it too). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol === 'https:' ? 'https' : 'http' }),
  });
}

function asGatewayRefund(refund: Stripe.Refund): GatewayRefund {
  return {
    id: refund.id,
    paymentId: typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? ''),
    amountCents: refund.amount,
    status: (refund.status ?? 'pending') as GatewayRefund['status'],
    reason: refund.metadata?.reason,
    processorReason: refund.reason ?? undefined,
    refundId: refund.metadata?.refundId,
  };
}

/**
 * Stripe's answers that refuse a refund for good, as opposed to Stripe failing to answer. An
 * idempotency error is not one: the shop sends each reservation's one amount under its one key, so it
 * means that key is in use by a request still running, whose outcome is not known yet.
 */
const refusals = [Stripe.errors.StripeInvalidRequestError, Stripe.errors.StripeCardError];

/** The card of an expanded charge, when the charge was made by a card that Stripe describes. */
function cardOf(charge: string | Stripe.Charge | null): PaymentCard | undefined {
  const card = typeof charge === 'object' ? charge?.payment_method_details?.card : undefined;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : undefined;
}

export interface StripeGatewaySettings {
  publishableKey: string;
  /** Set: the webhook route is on, believing only events signed with this secret. */
  webhookSecret: string | undefined;
  /** Tells the webhook how old a signature is. */
  clock: Clock;
}

/** The PaymentIntent statuses Stripe lets a payment be cancelled from: it could still hold or take money. */
const releasable = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture']);

/**
 * Stripe, with manual capture: the browser's Stripe Elements authorise the card, and the server
 * captures only once the order's stock is taken (or cancels, and nothing is charged).
 */
export function createStripeGateway(stripe: Stripe, { publishableKey, webhookSecret, clock }: StripeGatewaySettings): PaymentGateway {
  return {
    kind: 'stripe',
    publishableKey,
    ...(webhookSecret && { routes: stripeWebhookRoutes(stripe, webhookSecret, clock) }),

    async create({ orderId, amountCents, description, receiptEmail }) {
      // The metadata names the order the payment is for, so that its events find it.
      const params: Stripe.PaymentIntentCreateParams = {
        amount: amountCents,
        currency: 'usd',
        capture_method: 'manual',
        // The card form is Stripe Elements' card element: cards only, never a redirect.
        allowed_payment_method_types: ['card'],
        description,
        receipt_email: receiptEmail,
        metadata: { orderId },
      };
      // One open payment per order and amount, however often the payment page is opened.
      let intent = await stripe.paymentIntents.create(params, { idempotencyKey: `order-${orderId}-${amountCents}` });
      // A replay answers the payment as it was made. If it has been cancelled since (the stock had
      // run out), it cannot be paid: start a new one, under a key of its own.
      if (intent.lastResponse.headers['idempotent-replayed'] === 'true' && (await stripe.paymentIntents.retrieve(intent.id)).status === 'canceled') {
        intent = await stripe.paymentIntents.create(params, { idempotencyKey: `order-${orderId}-${amountCents}-${randomUUID()}` });
      }
      if (!intent.client_secret) throw new Error('Stripe returned a payment without a client secret.');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieve(id): Promise<GatewayPayment | undefined> {
      try {
        // The latest charge says which card paid: its brand and last four digits.
        const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
        const card = cardOf(intent.latest_charge);
        return {
          id: intent.id,
          status: intent.status as PaymentStatus,
          amountCents: intent.amount,
          currency: intent.currency,
          orderId: intent.metadata.orderId,
          ...(card && { card }),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
        throw error;
      }
    },

    async capture(id) {
      await stripe.paymentIntents.capture(id);
    },

    async cancel(id) {
      await stripe.paymentIntents.cancel(id);
    },

    async refund({ paymentId, amountCents, reason, orderId, refundId, idempotencyKey }) {
      try {
        // The reason goes in the metadata (Stripe's own `reason` is a fixed list), so that a refund
        // heard of only by webhook still says why it was made.
        const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents, metadata: { orderId, refundId, reason } }, { idempotencyKey });
        return asGatewayRefund(refund);
      } catch (error) {
        if (refusals.some((kind) => error instanceof kind)) {
          const { message, code, type } = error as Stripe.errors.StripeError;
          throw new RefundRefusedError(message, code ?? type);
        }
        throw error;
      }
    },

    async refundsOf(paymentId) {
      const refunds = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 }).autoPagingToArray({ limit: 10_000 });
      return refunds.map(asGatewayRefund);
    },

    async release(id) {
      const intent = await stripe.paymentIntents.retrieve(id).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
        throw error;
      });
      if (!intent || !releasable.has(intent.status)) return;
      try {
        await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
      } catch (error) {
        // Cancelled or captured since it was read: nothing is left to release.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return;
        throw error;
      }
    },
  };
}
