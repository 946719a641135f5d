import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { loadConfig } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { standInPublishableKey, standInSecretKey, standInWebhookSecret, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createPaymentGatewayFor } from './create-payment-gateway.ts';
import type { PaymentGateway, ProcessorEvent } from './payment-gateway.ts';
import { createStripeClient, createStripeGateway } from './stripe-gateway.ts';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const gatewayWith = (secretKey = standInSecretKey) =>
  createStripeGateway(createStripeClient({ secretKey, publishableKey: standInPublishableKey, apiUrl: standIn.url }), {
    publishableKey: standInPublishableKey,
    webhookSecret: undefined,
    clock: systemClock,
  });

const orderId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const payment = { orderId, amountCents: 14400, description: 'Joinery order: 3 × Marking Gauge, $144.00', receiptEmail: 'ada@example.com' };

/** The error a call ends with (fails the test if it succeeds). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

describe('the Stripe gateway', () => {
  it('creates a card payment for the amount in cents, in dollars, captured by hand, tagged with the order, with the secret key', async () => {
    const gateway = gatewayWith();
    const created = await gateway.create(payment);

    const [request, ...more] = standIn.requests;
    expect(more).toEqual([]);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.authorization).toBe(`Bearer ${standInSecretKey}`);
    expect(request?.form).toEqual({
      amount: '14400',
      currency: 'usd',
      capture_method: 'manual',
      'allowed_payment_method_types[0]': 'card',
      description: payment.description,
      receipt_email: 'ada@example.com',
      'metadata[orderId]': orderId,
    });

    const intent = standIn.intent(created.id);
    expect(intent).toMatchObject({ amount: 14400, currency: 'usd', capture_method: 'manual', status: 'requires_payment_method', metadata: { orderId } });
    expect(created).toEqual({ id: intent?.id, clientSecret: intent?.client_secret });
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(gateway.kind).toBe('stripe');
    expect(gateway.publishableKey).toBe(standInPublishableKey);
  });

  it('answers the same payment when an order is paid for again, and a new one when its amount differs', async () => {
    const gateway = gatewayWith();
    const first = await gateway.create(payment);
    const again = await gateway.create(payment);
    expect(again).toEqual(first);
    const keys = standIn.requestsTo('POST', '/v1/payment_intents').map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    const other = await gateway.create({ ...payment, amountCents: 19200, description: 'Joinery order: 4 × Marking Gauge, $192.00' });
    expect(other.id).not.toBe(first.id);
    expect(standIn.intent(other.id)?.amount).toBe(19200);
  });

  it('starts a new payment when the one for this order and amount was cancelled', async () => {
    const gateway = gatewayWith();
    const first = await gateway.create(payment);
    await gateway.cancel(first.id);
    const next = await gateway.create(payment);
    expect(next.id).not.toBe(first.id);
    expect(standIn.status(next.id)).toBe('requires_payment_method');
  });

  it('retrieves a payment as status, amount in cents, currency and order', async () => {
    const gateway = gatewayWith();
    const { id } = await gateway.create(payment);
    expect(await gateway.retrieve(id)).toEqual({ id, status: 'requires_payment_method', amountCents: 14400, currency: 'usd', orderId });

    standIn.authorise(id);
    expect(await gateway.retrieve(id)).toEqual({ id, status: 'requires_capture', amountCents: 14400, currency: 'usd', orderId, card: { brand: 'visa', last4: '4242' } });
    const last = standIn.requests.at(-1);
    expect(last).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}`, authorization: `Bearer ${standInSecretKey}` });
  });

  it("reads the card's brand and last four from the payment's latest charge, expanded in the same call", async () => {
    const gateway = gatewayWith();
    const { id } = await gateway.create(payment);
    const authorised = standIn.authorise(id, { brand: 'amex', last4: '8431' });
    await gateway.capture(id);

    expect((await gateway.retrieve(id))?.card).toEqual({ brand: 'amex', last4: '8431' });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}`, form: { 'expand[0]': 'latest_charge' } });
    expect(standIn.charge(authorised.latest_charge!)).toMatchObject({ payment_intent: id, captured: true, amount_captured: 14400 });
  });

  it('answers undefined for a payment Stripe does not know, without the id reaching another path', async () => {
    const gateway = gatewayWith();
    expect(await gateway.retrieve('pi_doesnotexist')).toBeUndefined();
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_doesnotexist' });

    // A transaction id comes from the browser: it stays one path segment.
    const { id } = await gateway.create(payment);
    standIn.authorise(id);
    expect(await gateway.retrieve(`${id}/capture`)).toBeUndefined();
    expect(standIn.status(id)).toBe('requires_capture');
    expect(standIn.requestsTo('POST', /\/capture$/)).toEqual([]);
  });

  it('gives no order for a payment created without one', async () => {
    const foreign = standIn.createIntent({ amount: 14400 });
    expect(await gatewayWith().retrieve(foreign.id)).toMatchObject({ id: foreign.id, orderId: undefined });
  });

  it('captures an authorised payment', async () => {
    const gateway = gatewayWith();
    const { id } = await gateway.create(payment);
    standIn.authorise(id);
    await gateway.capture(id);
    expect(standIn.requestsTo('POST', `/v1/payment_intents/${id}/capture`)).toHaveLength(1);
    expect(standIn.intent(id)).toMatchObject({ status: 'succeeded', amount_received: 14400 });
    expect((await gateway.retrieve(id))?.status).toBe('succeeded');
  });

  it('cancels a payment, which then can never be captured', async () => {
    const gateway = gatewayWith();
    const { id } = await gateway.create(payment);
    standIn.authorise(id);
    await gateway.cancel(id);
    expect(standIn.requestsTo('POST', `/v1/payment_intents/${id}/cancel`)).toHaveLength(1);
    expect(standIn.status(id)).toBe('canceled');

    const error = await failureOf(gateway.capture(id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 });
    expect(standIn.status(id)).toBe('canceled');
  });

  it('surfaces Stripe refusing a capture of a payment the card has not authorised', async () => {
    const gateway = gatewayWith();
    const { id } = await gateway.create(payment);
    const error = await failureOf(gateway.capture(id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Error).message).toMatch(/status of requires_payment_method/);
    expect(standIn.status(id)).toBe('requires_payment_method');
  });

  it('surfaces a wrong secret key from every call, and never takes it for a missing payment', async () => {
    const { id } = await gatewayWith().create(payment);
    const wrong = gatewayWith('sk_test_not_the_right_key_at_all_000000');
    for (const call of [wrong.create(payment), wrong.retrieve(id), wrong.capture(id), wrong.cancel(id)]) {
      const error = await failureOf(call);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).toMatchObject({ statusCode: 401 });
    }
    expect(standIn.status(id)).toBe('requires_payment_method');
  });

  it('surfaces an error Stripe answers while creating a payment', async () => {
    standIn.failNext({
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      status: 400,
      error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Amount must be no more than $999,999.99' },
    });
    const error = await failureOf(gatewayWith().create(payment));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'amount_too_large', message: 'Amount must be no more than $999,999.99' });
  });
});

/** The routes a gateway brings, on an app of their own, with the events they hand the shop recorded. */
async function routesOf(gateway: PaymentGateway) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const events: ProcessorEvent[] = [];
  if (gateway.routes) {
    await app.register(gateway.routes, {
      orderOf: () => Promise.reject(new Error('no orders here')),
      cardAttemptsPerMinute: 20,
      cardDeclined: () => undefined,
      handleEvent: async (event) => {
        events.push(event);
        return 'handled';
      },
    });
  }
  await app.ready();
  const has = (url: string) => app.hasRoute({ method: 'POST', url });
  return { app, events, hasCardForm: has('/payments/local/authorise'), hasWebhook: has('/webhooks/stripe') };
}

describe('the configured processor', () => {
  const noDatabase = {} as Database;
  const stripeEnv = () => ({ NODE_ENV: 'test', ...standIn.shopEnv() });

  it('is Stripe, at STRIPE_API_URL, when its keys are set, with the webhook only when its secret is', async () => {
    const withoutWebhook = createPaymentGatewayFor(loadConfig(stripeEnv(), '/nonexistent').payments, noDatabase, systemClock);
    expect(withoutWebhook.kind).toBe('stripe');
    expect(withoutWebhook.publishableKey).toBe(standInPublishableKey);
    const plain = await routesOf(withoutWebhook);
    expect(plain.hasCardForm).toBe(false);
    expect(plain.hasWebhook).toBe(false);
    const { id } = await withoutWebhook.create(payment);
    expect(standIn.intent(id)?.amount).toBe(14400);

    const withWebhook = createPaymentGatewayFor(loadConfig({ ...stripeEnv(), STRIPE_WEBHOOK_SECRET: standInWebhookSecret }, '/nonexistent').payments, noDatabase, systemClock);
    const { app, events, hasWebhook } = await routesOf(withWebhook);
    expect(hasWebhook).toBe(true);
    const payload = JSON.stringify(standIn.event('payment_intent.succeeded', id));
    const header = new Stripe(standInSecretKey).webhooks.generateTestHeaderString({ payload, secret: standInWebhookSecret });
    const delivered = await app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    expect(delivered.statusCode).toBe(200);
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    await app.close();
  });

  it('is the local test processor, with its card form, when no Stripe keys are set', async () => {
    const local = createPaymentGatewayFor(loadConfig({ NODE_ENV: 'test' }, '/nonexistent').payments, noDatabase, systemClock);
    expect(local.kind).toBe('local');
    const { app, hasCardForm, hasWebhook } = await routesOf(local);
    expect(hasCardForm).toBe(true);
    expect(hasWebhook).toBe(false);
    await app.close();
  });
});
