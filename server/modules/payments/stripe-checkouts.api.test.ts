import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Checkout } from '../../../common/schemas/checkouts.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { added, cartOf, checkoutIntent, confirmCheckout, opened } from '../../test/checkout.ts';
import { call, productPricedAt, publicStockOf, setStock } from '../../test/ordering.ts';
import { standInWebhookSecret, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { deliverStripeEvent } from '../../test/stripe-events.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * ADR 018 with Stripe (its local stand-in): a checkout's one PaymentIntent names the checkout in its
 * metadata, is for the checkout's total with manual capture, and is settled once, by the browser or
 * by Stripe's webhook, whichever comes first.
 */
let standIn: StripeStandIn;
let shop: TestApp;
let customer: TestAccount;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  shop = await createTestApp({ env: { ...standIn.shopEnv(), STRIPE_WEBHOOK_SECRET: standInWebhookSecret } });
  customer = await signUp(shop.app, 'Stripe Checkout');
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});
beforeEach(() => standIn.reset());

/** Delivers an event as Stripe does, signed. */
const deliver = (event: object) => deliverStripeEvent(shop.app, event);

/** The customer's cart of 2 × $48.00 and 1 × $89.00 (demo tools), checked out, with its Stripe payment started. */
async function checkoutWithPayment() {
  const saw = await productPricedAt(shop.app, 48);
  const mallet = await productPricedAt(shop.app, 64);
  await added(shop.app, customer, saw._id, 2);
  await added(shop.app, customer, mallet._id, 1);
  const checkout = await opened(shop.app, customer);
  const { transactionId, gateway, publishableKey } = await checkoutIntent(shop.app, customer, checkout._id);
  expect({ gateway, publishableKey }).toEqual({ gateway: 'stripe', publishableKey: standIn.shopEnv().STRIPE_PUBLISHABLE_KEY });
  return { checkout, transactionId, saw, mallet };
}

describe('a checkout paid through Stripe', () => {
  it('makes one manual-capture PaymentIntent for the checkout’s total, naming the checkout', async () => {
    const { checkout, transactionId } = await checkoutWithPayment();
    expect(checkout.total).toBe(160);
    const [created] = standIn.requestsTo('POST', '/v1/payment_intents');
    expect(created?.form).toMatchObject({ amount: '16000', currency: 'usd', capture_method: 'manual', 'metadata[checkoutId]': checkout._id });
    expect(created?.form['metadata[orderId]']).toBeUndefined();
    expect(created?.idempotencyKey).toBe(`checkout-${checkout._id}-16000`);
    expect(standIn.intent(transactionId)).toMatchObject({ amount: 16000, metadata: { checkoutId: checkout._id } });

    // The browser's confirmation after Stripe.js authorised the card: captured once.
    standIn.authorise(transactionId);
    const paid = await confirmCheckout(shop.app, customer, checkout._id, transactionId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid', cardBrand: 'visa', cardLast4: '4242' });
    expect(standIn.captures()).toHaveLength(1);
    expect(standIn.status(transactionId)).toBe('succeeded');
  });

  it('is settled once by the webhook: a repeat is a duplicate, a later event about it changes nothing, and the cart is emptied', async () => {
    const { checkout, transactionId, saw } = await checkoutWithPayment();
    const sawsBefore = await publicStockOf(shop.app, saw._id);
    standIn.authorise(transactionId);
    const event = standIn.event('payment_intent.amount_capturable_updated', transactionId);

    expect((await deliver(event)).json()).toEqual({ received: true, result: 'handled' });
    expect((await deliver(event)).json()).toEqual({ received: true, result: 'duplicate' });
    expect((await deliver(standIn.event('payment_intent.succeeded', transactionId))).json()).toEqual({ received: true, result: 'ignored' });
    expect(standIn.captures()).toHaveLength(1);

    const read = (await call(shop.app, 'GET', `/api/checkouts/${checkout._id}`, customer)).json<Checkout>();
    expect(read).toMatchObject({ paymentStatus: 'paid', transactionId });
    expect(read.lines.every((line) => line.orderId && line.stage === 'to-ship')).toBe(true);
    expect(await publicStockOf(shop.app, saw._id)).toBe(sawsBefore - 2);
    expect((await cartOf(shop.app, customer)).lines).toEqual([]);

    // The browser's confirmation arriving after the webhook is answered the paid checkout.
    const late = await confirmCheckout(shop.app, customer, checkout._id, transactionId);
    expect(late.statusCode).toBe(200);
    expect(standIn.captures()).toHaveLength(1);
  });

  it('releases the hold, captures nothing and takes no stock when the webhook finds a line short', async () => {
    const { checkout, transactionId, saw, mallet } = await checkoutWithPayment();
    const sawsBefore = await publicStockOf(shop.app, saw._id);
    await setStock(shop.db, mallet._id, 0);
    standIn.authorise(transactionId);

    expect((await deliver(standIn.event('payment_intent.amount_capturable_updated', transactionId))).json()).toEqual({ received: true, result: 'ignored' });
    expect(standIn.captures()).toHaveLength(0);
    expect(standIn.status(transactionId)).toBe('canceled');
    expect(await publicStockOf(shop.app, saw._id)).toBe(sawsBefore);
    expect((await call(shop.app, 'GET', `/api/checkouts/${checkout._id}`, customer)).json()).toMatchObject({ paymentStatus: 'unpaid', stage: 'open' });
    expect((await cartOf(shop.app, customer)).lines).toHaveLength(2);
    await setStock(shop.db, mallet._id, 45);
    await call(shop.app, 'DELETE', `/api/cart/items/${saw._id}`, customer);
    await call(shop.app, 'DELETE', `/api/cart/items/${mallet._id}`, customer);
  });
});
