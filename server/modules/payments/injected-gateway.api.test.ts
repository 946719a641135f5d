import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { authorise, createIntent, placeOrder, productPricedAt, publicStockOf, readOrder } from '../../test/ordering.ts';
import { standInPublishableKey, standInSecretKey, standInWebhookSecret } from '../../test/stripe-stand-in.ts';
import { deliverStripeEvent } from '../../test/stripe-events.ts';
import { useStripeShop } from '../../test/stripe-shop.ts';
import { createStripeClient, createStripeGateway } from './stripe-gateway.ts';

/**
 * A processor given to the app (rather than chosen by the configuration, here the local one) brings
 * its own routes with it: a Stripe gateway keeps its webhook, and the local card form is not there.
 */

const stripe = useStripeShop({
  gateway: (standIn) =>
    createStripeGateway(createStripeClient({ secretKey: standInSecretKey, publishableKey: standInPublishableKey, apiUrl: standIn.url }), {
      publishableKey: standInPublishableKey,
      webhookSecret: standInWebhookSecret,
      clock: systemClock,
    }),
});
let customer: TestAccount;

beforeAll(async () => {
  customer = await signUp(stripe.app, 'Ida Injected');
});

/** Delivers an event as Stripe does, signed. */
const deliver = (event: object) => deliverStripeEvent(stripe.app, event);

describe('a card processor given to the app', () => {
  it("keeps its own routes: Stripe's webhook settles the order, paid, captured and the stock taken", async () => {
    const product = await productPricedAt(stripe.app, 48);
    const order = await placeOrder(stripe.app, customer, product._id, 3);
    const { transactionId, gateway } = await createIntent(stripe.app, customer, order._id);
    expect(gateway).toBe('stripe');
    const stockBefore = await publicStockOf(stripe.app, product._id);
    stripe.standIn.authorise(transactionId);

    const response = await deliver(stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'handled' });
    expect(await readOrder(stripe.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId });
    expect(stripe.standIn.status(transactionId)).toBe('succeeded');
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore - 3);
  });

  it("has none of the configured processor's routes: the local card form is not there", async () => {
    const product = await productPricedAt(stripe.app, 48);
    const order = await placeOrder(stripe.app, customer, product._id, 3);
    const { clientSecret } = await createIntent(stripe.app, customer, order._id);
    const res = await authorise(stripe.app, customer, order._id, clientSecret);
    expect(res.statusCode).toBe(404);
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });
});
