import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { confirmPayment, createIntent, placeOrder, productPricedAt, publicStockOf, readOrder, startPayment } from '../../test/ordering.ts';
import { standInPublishableKey, standInSecretKey, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let standIn: StripeStandIn;
let shop: TestApp;
let customer: TestAccount;
let otherCustomer: TestAccount;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  shop = await createTestApp({ env: standIn.shopEnv() });
  customer = await signUp(shop.app, 'Ada Lovelace');
  otherCustomer = await signUp(shop.app, 'Charles Babbage');
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});
beforeEach(() => standIn.reset());

/** A $48.00 product ordered 3 times: $144.00, which Stripe must be asked for as 14400 cents. */
async function orderFor144(account = customer) {
  const product = await productPricedAt(shop.app, 48);
  const order = await placeOrder(shop.app, account, product._id, 3);
  expect(order.price).toBe(144);
  return { product, order };
}

describe('paying with Stripe', () => {
  it("starts a Stripe payment for the order's amount in cents and hands the browser the publishable key and client secret", async () => {
    const { order } = await orderFor144();
    const response = await startPayment(shop.app, customer, order._id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ gateway: 'stripe', publishableKey: standInPublishableKey, amount: 144 });

    const intent = standIn.intent(body.transactionId);
    expect(intent).toMatchObject({
      amount: 14400,
      currency: 'usd',
      capture_method: 'manual',
      status: 'requires_payment_method',
      metadata: { orderId: order._id },
      receipt_email: customer.email,
    });
    expect(body.clientSecret).toBe(intent?.client_secret);
    expect(standIn.requests.every((request) => request.authorization === `Bearer ${standInSecretKey}`)).toBe(true);
    // The secret key never reaches the browser.
    expect(response.body).not.toContain(standInSecretKey);

    // Opening the payment page again continues the same payment.
    const again = (await startPayment(shop.app, customer, order._id)).json();
    expect(again.clientSecret).toBe(body.clientSecret);
    expect(new Set(standIn.requestsTo('POST', '/v1/payment_intents').map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it('refuses to start a payment for someone else’s order or without signing in, and asks Stripe nothing', async () => {
    const { order } = await orderFor144();
    expect((await startPayment(shop.app, otherCustomer, order._id)).statusCode).toBe(404);
    expect((await startPayment(shop.app, undefined, order._id)).statusCode).toBe(401);
    expect(standIn.requests).toEqual([]);
  });

  it('refuses to mark an order paid before the card is authorised, and captures nothing', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(shop.app, product._id);
    const { transactionId } = await createIntent(shop.app, customer, order._id);

    const response = await confirmPayment(shop.app, customer, order._id, transactionId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore);
    expect(standIn.captures()).toEqual([]);
    expect(standIn.status(transactionId)).toBe('requires_payment_method');
  });

  it('refuses a transaction id Stripe does not know', async () => {
    const { order } = await orderFor144();
    const response = await confirmPayment(shop.app, customer, order._id, 'pi_made_up_by_the_browser');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });

  it('marks the order paid once the card is authorised, captures the payment and takes the stock, once', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(shop.app, product._id);
    const { transactionId } = await createIntent(shop.app, customer, order._id);
    standIn.authorise(transactionId);

    const response = await confirmPayment(shop.app, customer, order._id, transactionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: order._id, paymentStatus: 'paid', transactionId, price: 144, shippingStatus: 'pending' });
    expect(standIn.intent(transactionId)).toMatchObject({ status: 'succeeded', amount_received: 14400 });
    expect(standIn.captures().map((request) => request.path)).toEqual([`/v1/payment_intents/${transactionId}/capture`]);
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore - 3);
    expect(await readOrder(shop.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId });

    // The page confirming twice is harmless: no second capture, no second stock take.
    const again = await confirmPayment(shop.app, customer, order._id, transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ paymentStatus: 'paid', transactionId });
    expect(standIn.captures()).toHaveLength(1);
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore - 3);

    // And a paid order cannot be charged again.
    const restart = await startPayment(shop.app, customer, order._id);
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toMatchObject({ code: 'ORDER_PAID' });
  });

  it('lets nobody else confirm an order with its authorised payment', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(shop.app, product._id);
    const { transactionId } = await createIntent(shop.app, customer, order._id);
    standIn.authorise(transactionId);

    expect((await confirmPayment(shop.app, otherCustomer, order._id, transactionId)).statusCode).toBe(404);
    expect((await confirmPayment(shop.app, undefined, order._id, transactionId)).statusCode).toBe(401);
    expect(standIn.captures()).toEqual([]);
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore);
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });

  it('refuses a payment for another amount made out to this order, and never captures it', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(shop.app, product._id);
    const cheap = standIn.createIntent({ amount: 100, metadata: { orderId: order._id } });
    standIn.authorise(cheap.id);
    // The right number in the wrong unit: $1.44 instead of $144.00.
    const inDollars = standIn.createIntent({ amount: 144, metadata: { orderId: order._id } });
    standIn.authorise(inDollars.id);

    for (const transactionId of [cheap.id, inDollars.id]) {
      const response = await confirmPayment(shop.app, customer, order._id, transactionId);
      expect(response.statusCode, transactionId).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
      expect(standIn.status(transactionId)).toBe('requires_capture');
    }
    expect(standIn.captures()).toEqual([]);
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore);
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });

  it('refuses a payment in another currency, one for another order, and one made out to no order', async () => {
    const { order } = await orderFor144();
    const { order: otherOrder } = await orderFor144();
    const inEuros = standIn.createIntent({ amount: 14400, currency: 'eur', metadata: { orderId: order._id } });
    const forOtherOrder = standIn.createIntent({ amount: 14400, metadata: { orderId: otherOrder._id } });
    const forNoOrder = standIn.createIntent({ amount: 14400 });
    for (const intent of [inEuros, forOtherOrder, forNoOrder]) {
      standIn.authorise(intent.id);
      const response = await confirmPayment(shop.app, customer, order._id, intent.id);
      expect(response.statusCode, intent.id).toBe(409);
      expect(standIn.status(intent.id)).toBe('requires_capture');
    }
    expect(standIn.captures()).toEqual([]);
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect((await readOrder(shop.app, customer, otherOrder._id)).paymentStatus).toBe('unpaid');
  });

  it('cancels the authorised payment instead of capturing it when the stock ran out meanwhile', async () => {
    const product = await productPricedAt(shop.app, 215);
    const stock = await publicStockOf(shop.app, product._id);
    const quantity = stock - 1;
    const first = await placeOrder(shop.app, customer, product._id, quantity);
    const second = await placeOrder(shop.app, otherCustomer, product._id, quantity);
    const firstPayment = await createIntent(shop.app, customer, first._id);
    const secondPayment = await createIntent(shop.app, otherCustomer, second._id);
    standIn.authorise(firstPayment.transactionId);
    standIn.authorise(secondPayment.transactionId);

    expect((await confirmPayment(shop.app, otherCustomer, second._id, secondPayment.transactionId)).statusCode).toBe(200);
    expect(await publicStockOf(shop.app, product._id)).toBe(1);

    const response = await confirmPayment(shop.app, customer, first._id, firstPayment.transactionId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.stringMatching(/not been charged/) });
    expect(standIn.status(firstPayment.transactionId)).toBe('canceled');
    expect(standIn.requestsTo('POST', `/v1/payment_intents/${firstPayment.transactionId}/cancel`)).toHaveLength(1);
    expect(standIn.captures().map((request) => request.path)).toEqual([`/v1/payment_intents/${secondPayment.transactionId}/capture`]);
    expect(await publicStockOf(shop.app, product._id)).toBe(1);
    expect((await readOrder(shop.app, customer, first._id)).paymentStatus).toBe('unpaid');
  });

  it('leaves the order unpaid and the stock untouched when Stripe will not capture, and a retry then succeeds', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(shop.app, product._id);
    const { transactionId } = await createIntent(shop.app, customer, order._id);
    standIn.authorise(transactionId);
    standIn.failNext({
      method: 'POST',
      path: /\/capture$/,
      status: 400,
      error: { type: 'invalid_request_error', code: 'charge_expired_for_capture', message: 'The charge cannot be captured as the authorization has expired.' },
    });

    const failed = await confirmPayment(shop.app, customer, order._id, transactionId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore);

    const retried = await confirmPayment(shop.app, customer, order._id, transactionId);
    expect(retried.statusCode).toBe(200);
    expect(standIn.status(transactionId)).toBe('succeeded');
    expect(await publicStockOf(shop.app, product._id)).toBe(stockBefore - 3);
  });
});
