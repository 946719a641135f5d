import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { authorise, createIntent, placeOrder, productPricedAt, publicStockOf, readOrder } from '../../test/ordering.ts';
import { standInPublishableKey, standInSecretKey, standInWebhookSecret, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { deliverStripeEvent } from '../../test/stripe-events.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStripeClient, createStripeGateway } from './stripe-gateway.ts';

/**
 * A processor given to the app (rather than chosen by the configuration, here the local one) brings
 * its own routes with it: a Stripe gateway keeps its webhook, and the local card form is not there.
 */

let standIn: StripeStandIn;
let shop: TestApp;
let customer: TestAccount;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const stripe = createStripeClient({ secretKey: standInSecretKey, publishableKey: standInPublishableKey, apiUrl: standIn.url });
  const gateway = createStripeGateway(stripe, { publishableKey: standInPublishableKey, webhookSecret: standInWebhookSecret, clock: systemClock });
  shop = await createTestApp({ gateway });
  customer = await signUp(shop.app, 'Ida Injected');
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});

/** Delivers an event as Stripe does, signed. */
const deliver = (event: object) => deliverStripeEvent(shop.app, event);

describe('a card processor given to the app', () => {
  it("keeps its own routes: Stripe's webhook settles the order, paid, captured and the stock taken", async () => {
    const product = await productPricedAt(shop.app, 48);
    const order = await placeOrder(shop.app, customer, product._id, 3);
    const { transactionId, gateway } = await createIntent(shop.app, customer, order._id);
    expect(gateway).toBe('stripe');
    const stockBefore = await publicStockOf(shop.app, product._id);
    standIn.authorise(transactionId);

    const response = await deliver(standIn.event('payment_intent.amount_capturable_updated', transactionId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'handled' });
    expect(await readOrder(shop.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId });
    expect(standIn.status(transactionId)).toBe('succeeded');
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore - 3);
  });

  it("has none of the configured processor's routes: the local card form is not there", async () => {
    const product = await productPricedAt(shop.app, 48);
    const order = await placeOrder(shop.app, customer, product._id, 3);
    const { clientSecret } = await createIntent(shop.app, customer, order._id);
    const res = await authorise(shop.app, customer, order._id, clientSecret);
    expect(res.statusCode).toBe(404);
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });
});
