import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { confirmPayment, productPricedAt, publicStockOf, readOrder } from '../../test/ordering.ts';
import { standInSecretKey, standInWebhookSecret } from '../../test/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { useStripeShop } from '../../test/stripe-shop.ts';
import { orderWithPayment } from '../../test/paid-order.ts';

// Only for signing test events: it never calls Stripe.
const signer = new Stripe(standInSecretKey);

const stripe = useStripeShop();
let customer: TestAccount;

beforeAll(async () => {
  customer = await signUp(stripe.app, 'Grace Hopper');
});

interface Delivery {
  /** Signs with this secret instead of the shop's. */
  secret?: string;
  /** Sends this Stripe-Signature header as is (null: none at all). */
  signature?: string | null;
  timestamp?: number;
  /** Sends other bytes than those signed. */
  body?: string;
}

/** Delivers an event as Stripe does: the JSON body, signed in the Stripe-Signature header. */
function deliver(app: TestApp['app'], event: Stripe.Event, delivery: Delivery = {}) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    delivery.signature !== undefined
      ? delivery.signature
      : signer.webhooks.generateTestHeaderString({ payload, secret: delivery.secret ?? standInWebhookSecret, ...(delivery.timestamp && { timestamp: delivery.timestamp }) });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature !== null && { 'stripe-signature': signature }),
    },
    payload: delivery.body ?? payload,
  });
}

/** An order of 3 × $48.00 with its Stripe payment started, as the payment page leaves it, and the product's stock then. */
async function paymentStarted(quantity = 3, dollars = 48) {
  const started = await orderWithPayment(stripe.app, customer, { dollars, quantity });
  return { ...started, stockBefore: await publicStockOf(stripe.app, started.productId) };
}

describe('POST /api/webhooks/stripe', () => {
  it('refuses an event with a bad, missing, stale or mismatched signature, and changes nothing', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);
    const event = stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const requestsBefore = stripe.standIn.requests.length;

    const refusals: [string, Delivery][] = [
      ['another secret', { secret: 'whsec_someone_else_entirely_0123456789' }],
      ['no signature', { signature: null }],
      ['a garbled signature', { signature: 't=123,v1=deadbeef' }],
      ['a stale signature', { timestamp: tenMinutesAgo }],
      ['other bytes than signed', { body: JSON.stringify({ ...event, data: { object: { ...event.data.object, metadata: { orderId: randomUUID() } } } }) }],
    ];
    for (const [what, delivery] of refusals) {
      const response = await deliver(stripe.app, event, delivery);
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({ code: 'VALIDATION_FAILED' });
    }

    expect(stripe.standIn.requests).toHaveLength(requestsBefore);
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore);
    expect(stripe.standIn.status(transactionId)).toBe('requires_capture');

    // None of them counted as a delivery: the genuine one is still handled.
    const genuine = await deliver(stripe.app, event);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json()).toEqual({ received: true, result: 'handled' });
  });

  it('settles the order when Stripe says the card is authorised: paid, captured, stock taken', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);

    const response = await deliver(stripe.app, stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'handled' });
    expect(await readOrder(stripe.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId, shippingStatus: 'pending' });
    expect(stripe.standIn.intent(transactionId)).toMatchObject({ status: 'succeeded', amount_received: 14400 });
    expect(stripe.standIn.captures()).toHaveLength(1);
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore - 3);

    // The browser's own confirmation arriving afterwards is harmless.
    const confirmed = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(confirmed.statusCode).toBe(200);
    expect(stripe.standIn.captures()).toHaveLength(1);
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore - 3);
  });

  it('handles an event Stripe delivers again only once', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);
    const event = stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId);

    expect((await deliver(stripe.app, event)).json()).toEqual({ received: true, result: 'handled' });
    const again = await deliver(stripe.app, event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, result: 'duplicate' });

    expect(stripe.standIn.captures()).toHaveLength(1);
    expect(stripe.standIn.requests.filter((request) => request.method === 'GET')).toHaveLength(1);
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore - 3);
    expect((await readOrder(stripe.app, customer, order._id)).transactionId).toBe(transactionId);
  });

  it('takes the stock and captures once when deliveries and the browser’s confirmation arrive together', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);
    const event = stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId);

    const [first, second, browser] = await Promise.all([deliver(stripe.app, event), deliver(stripe.app, event), confirmPayment(stripe.app, customer, order._id, transactionId)]);
    expect([first.statusCode, second.statusCode, browser.statusCode]).toEqual([200, 200, 200]);
    expect(stripe.standIn.captures()).toHaveLength(1);
    expect(stripe.standIn.status(transactionId)).toBe('succeeded');
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore - 3);
    expect(await readOrder(stripe.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId });
  });

  it('changes nothing on payment_intent.succeeded for an order already paid', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);
    expect((await confirmPayment(stripe.app, customer, order._id, transactionId)).statusCode).toBe(200);
    const paid = await readOrder(stripe.app, customer, order._id);
    const requestsBefore = stripe.standIn.requests.length;

    const response = await deliver(stripe.app, stripe.standIn.event('payment_intent.succeeded', transactionId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
    expect(stripe.standIn.requests).toHaveLength(requestsBefore);
    expect(await readOrder(stripe.app, customer, order._id)).toEqual(paid);
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore - 3);
  });

  it('acknowledges an event for an order it does not know, or with no order, without error', async () => {
    const stranger = stripe.standIn.createIntent({ amount: 14400, metadata: { orderId: randomUUID() } });
    stripe.standIn.authorise(stranger.id);
    const noOrder = stripe.standIn.createIntent({ amount: 14400 });
    stripe.standIn.authorise(noOrder.id);
    const notAnId = stripe.standIn.createIntent({ amount: 14400, metadata: { orderId: "x' OR '1'='1" } });
    stripe.standIn.authorise(notAnId.id);

    for (const intent of [stranger, noOrder, notAnId]) {
      const response = await deliver(stripe.app, stripe.standIn.event('payment_intent.amount_capturable_updated', intent.id));
      expect(response.statusCode, intent.id).toBe(200);
      expect(response.json()).toEqual({ received: true, result: 'ignored' });
      expect(stripe.standIn.status(intent.id)).toBe('requires_capture');
    }
    expect(stripe.standIn.captures()).toEqual([]);
  });

  it('acknowledges event types it has no use for', async () => {
    const { order, transactionId } = await paymentStarted();
    for (const type of ['payment_intent.created', 'payment_intent.payment_failed', 'charge.refunded', 'customer.created']) {
      const response = await deliver(stripe.app, stripe.standIn.event(type, transactionId));
      expect(response.statusCode, type).toBe(200);
      expect(response.json()).toEqual({ received: true, result: 'ignored' });
    }
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(stripe.standIn.captures()).toEqual([]);
  });

  it('answers every signed body of an unexpected shape with 2xx or 400, and changes nothing', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);
    const id = () => `evt_${randomUUID()}`;
    const settling = 'payment_intent.amount_capturable_updated';
    const notEvents: unknown[] = [
      null,
      [],
      'an event',
      42,
      {},
      { type: settling },
      { id: id() },
      { id: id(), type: 7 },
      { id: { nested: true }, type: settling },
      { id: '', type: settling },
    ];
    const uselessShapes: unknown[] = [
      { id: id(), type: settling },
      { id: id(), type: settling, data: null },
      { id: id(), type: settling, data: {} },
      { id: id(), type: settling, data: { object: {} } },
      { id: id(), type: settling, data: { object: { id: transactionId } } },
      { id: id(), type: settling, data: { object: { id: transactionId, metadata: null } } },
      { id: id(), type: settling, data: { object: { id: { id: transactionId }, metadata: { orderId: order._id } } } },
      { id: id(), type: settling, data: { object: { id: transactionId, metadata: { orderId: { id: order._id } } } } },
      { id: id(), type: settling, data: { object: [transactionId] } },
      { id: id(), type: 'charge.refunded', data: { object: { payment_intent: { nested: [1] }, metadata: 'x' } } },
    ];
    for (const body of [...notEvents, ...uselessShapes]) {
      const payload = JSON.stringify(body);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: standInWebhookSecret });
      const response = await stripe.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      if (notEvents.includes(body)) {
        expect(response.statusCode, payload).toBe(400);
        expect(response.json(), payload).toEqual({ code: 'VALIDATION_FAILED', message: 'The body is not an event: it needs a string id and type.' });
      } else {
        expect(response.statusCode, payload).toBe(200);
        expect(response.json(), payload).toEqual({ received: true, result: 'ignored' });
      }
    }
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(stripe.standIn.captures()).toEqual([]);
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore);
    // Every event recorded as handled has its key.
    expect(await stripe.db.selectFrom('processed_webhook_events').select('id').where('id', 'is', null).execute()).toEqual([]);
  });

  it("believes Stripe's own record of the payment, not the event's copy of it", async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    // Signed, but the payment is in fact not authorised (an old or reordered delivery).
    const event = stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId, { object: { status: 'requires_capture', amount_capturable: 14400 } });

    const response = await deliver(stripe.app, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore);
    expect(stripe.standIn.captures()).toEqual([]);

    // A payment for another amount, made out to this order, settles nothing either.
    const tampered = stripe.standIn.createIntent({ amount: 100, metadata: { orderId: order._id } });
    stripe.standIn.authorise(tampered.id);
    const forged = stripe.standIn.event('payment_intent.amount_capturable_updated', tampered.id, { object: { amount: 14400 } });
    expect((await deliver(stripe.app, forged)).json()).toEqual({ received: true, result: 'ignored' });
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(stripe.standIn.status(tampered.id)).toBe('requires_capture');
    expect(stripe.standIn.captures()).toEqual([]);
  });

  it('cancels the payment rather than capture it when the stock ran out, and still acknowledges the event', async () => {
    const { _id: productId } = await productPricedAt(stripe.app, 179);
    const quantity = (await publicStockOf(stripe.app, productId)) - 1;
    const first = await paymentStarted(quantity, 179);
    const second = await paymentStarted(quantity, 179);
    stripe.standIn.authorise(first.transactionId);
    stripe.standIn.authorise(second.transactionId);

    expect((await deliver(stripe.app, stripe.standIn.event('payment_intent.amount_capturable_updated', second.transactionId))).json()).toMatchObject({ result: 'handled' });
    const response = await deliver(stripe.app, stripe.standIn.event('payment_intent.amount_capturable_updated', first.transactionId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });

    expect(stripe.standIn.status(first.transactionId)).toBe('canceled');
    expect(stripe.standIn.status(second.transactionId)).toBe('succeeded');
    expect((await readOrder(stripe.app, customer, first.order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(stripe.app, productId)).toBe(1);
  });

  it('asks Stripe to deliver again when Stripe cannot be reached to check the payment', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);
    const event = stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId);
    stripe.standIn.failNext({ method: 'GET', path: /^\/v1\/payment_intents\//, status: 500, error: { type: 'api_error', message: 'An unknown error occurred' }, times: 3 });

    const failed = await deliver(stripe.app, event);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');

    const redelivered = await deliver(stripe.app, event);
    expect(redelivered.json()).toEqual({ received: true, result: 'handled' });
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore - 3);
  });

  it('asks Stripe to deliver again when the capture fails for now, so that the authorised payment is not left behind', async () => {
    const { productId, order, transactionId, stockBefore } = await paymentStarted();
    stripe.standIn.authorise(transactionId);
    const event = stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId);
    stripe.standIn.failNext({ method: 'POST', path: /\/capture$/, status: 500, error: { type: 'api_error', message: 'An unknown error occurred' }, times: 3 });

    const failed = await deliver(stripe.app, event);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore);
    expect(stripe.standIn.status(transactionId)).toBe('requires_capture');

    const redelivered = await deliver(stripe.app, event);
    expect(redelivered.json()).toEqual({ received: true, result: 'handled' });
    expect(stripe.standIn.status(transactionId)).toBe('succeeded');
    expect(await readOrder(stripe.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId });
    expect(await publicStockOf(stripe.app, productId)).toBe(stockBefore - 3);
  });
});

describe('without STRIPE_WEBHOOK_SECRET', () => {
  it('has no webhook route', async () => {
    const withoutWebhook = await createTestApp({ seed: false, env: stripe.standIn.shopEnv() });
    try {
      const intent = stripe.standIn.createIntent({ amount: 14400, metadata: { orderId: randomUUID() } });
      const response = await deliver(withoutWebhook.app, stripe.standIn.event('payment_intent.succeeded', intent.id));
      expect(response.statusCode).toBe(404);
      expect(stripe.standIn.requests).toEqual([]);
    } finally {
      await withoutWebhook.close();
    }
  });
});
