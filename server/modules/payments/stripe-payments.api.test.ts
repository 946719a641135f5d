import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { confirmPayment, createIntent, placeOrder, productPricedAt, publicStockOf, readOrder, startPayment } from '../../test/ordering.ts';
import { standInPublishableKey, standInSecretKey } from '../../test/stripe-stand-in.ts';
import { captureExpired, useStripeShop } from '../../test/stripe-shop.ts';

const stripe = useStripeShop();
let customer: TestAccount;
let otherCustomer: TestAccount;

beforeAll(async () => {
  customer = await signUp(stripe.app, 'Ada Lovelace');
  otherCustomer = await signUp(stripe.app, 'Charles Babbage');
});

/** A $48.00 product ordered 3 times: $144.00, which Stripe must be asked for as 14400 cents. */
async function orderFor144(account = customer) {
  const product = await productPricedAt(stripe.app, 48);
  const order = await placeOrder(stripe.app, account, product._id, 3);
  expect(order.price).toBe(144);
  return { product, order };
}

describe('paying with Stripe', () => {
  it("starts a Stripe payment for the order's amount in cents and hands the browser the publishable key and client secret", async () => {
    const { order } = await orderFor144();
    const response = await startPayment(stripe.app, customer, order._id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ gateway: 'stripe', publishableKey: standInPublishableKey, amount: 144 });

    const intent = stripe.standIn.intent(body.transactionId);
    expect(intent).toMatchObject({
      amount: 14400,
      currency: 'usd',
      capture_method: 'manual',
      status: 'requires_payment_method',
      metadata: { orderId: order._id },
      receipt_email: customer.email,
    });
    expect(body.clientSecret).toBe(intent?.client_secret);
    expect(stripe.standIn.requests.every((request) => request.authorization === `Bearer ${standInSecretKey}`)).toBe(true);
    // The secret key never reaches the browser.
    expect(response.body).not.toContain(standInSecretKey);

    // Opening the payment page again continues the same payment.
    const again = (await startPayment(stripe.app, customer, order._id)).json();
    expect(again.clientSecret).toBe(body.clientSecret);
    expect(new Set(stripe.standIn.requestsTo('POST', '/v1/payment_intents').map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it('refuses to start a payment for someone else’s order or without signing in, and asks Stripe nothing', async () => {
    const { order } = await orderFor144();
    expect((await startPayment(stripe.app, otherCustomer, order._id)).statusCode).toBe(404);
    expect((await startPayment(stripe.app, undefined, order._id)).statusCode).toBe(401);
    expect(stripe.standIn.requests).toEqual([]);
  });

  it('refuses to mark an order paid before the card is authorised, and captures nothing', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(stripe.app, product._id);
    const { transactionId } = await createIntent(stripe.app, customer, order._id);

    const response = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore);
    expect(stripe.standIn.captures()).toEqual([]);
    expect(stripe.standIn.status(transactionId)).toBe('requires_payment_method');
  });

  it('refuses a transaction id Stripe does not know', async () => {
    const { order } = await orderFor144();
    const response = await confirmPayment(stripe.app, customer, order._id, 'pi_made_up_by_the_browser');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });

  it('marks the order paid once the card is authorised, captures the payment and takes the stock, once', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(stripe.app, product._id);
    const { transactionId } = await createIntent(stripe.app, customer, order._id);
    stripe.standIn.authorise(transactionId);

    const response = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: order._id, paymentStatus: 'paid', transactionId, price: 144, shippingStatus: 'pending' });
    expect(stripe.standIn.intent(transactionId)).toMatchObject({ status: 'succeeded', amount_received: 14400 });
    expect(stripe.standIn.captures().map((request) => request.path)).toEqual([`/v1/payment_intents/${transactionId}/capture`]);
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore - 3);
    expect(await readOrder(stripe.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId });

    // The page confirming twice is harmless: no second capture, no second stock take.
    const again = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ paymentStatus: 'paid', transactionId });
    expect(stripe.standIn.captures()).toHaveLength(1);
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore - 3);

    // And a paid order cannot be charged again.
    const restart = await startPayment(stripe.app, customer, order._id);
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toMatchObject({ code: 'ORDER_PAID' });
  });

  it('lets nobody else confirm an order with its authorised payment', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(stripe.app, product._id);
    const { transactionId } = await createIntent(stripe.app, customer, order._id);
    stripe.standIn.authorise(transactionId);

    expect((await confirmPayment(stripe.app, otherCustomer, order._id, transactionId)).statusCode).toBe(404);
    expect((await confirmPayment(stripe.app, undefined, order._id, transactionId)).statusCode).toBe(401);
    expect(stripe.standIn.captures()).toEqual([]);
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore);
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });

  it('refuses a payment for another amount made out to this order, and never captures it', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(stripe.app, product._id);
    const cheap = stripe.standIn.createIntent({ amount: 100, metadata: { orderId: order._id } });
    stripe.standIn.authorise(cheap.id);
    // The right number in the wrong unit: $1.44 instead of $144.00.
    const inDollars = stripe.standIn.createIntent({ amount: 144, metadata: { orderId: order._id } });
    stripe.standIn.authorise(inDollars.id);

    for (const transactionId of [cheap.id, inDollars.id]) {
      const response = await confirmPayment(stripe.app, customer, order._id, transactionId);
      expect(response.statusCode, transactionId).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
      expect(stripe.standIn.status(transactionId)).toBe('requires_capture');
    }
    expect(stripe.standIn.captures()).toEqual([]);
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore);
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
  });

  it('refuses a payment in another currency, one for another order, and one made out to no order', async () => {
    const { order } = await orderFor144();
    const { order: otherOrder } = await orderFor144();
    const inEuros = stripe.standIn.createIntent({ amount: 14400, currency: 'eur', metadata: { orderId: order._id } });
    const forOtherOrder = stripe.standIn.createIntent({ amount: 14400, metadata: { orderId: otherOrder._id } });
    const forNoOrder = stripe.standIn.createIntent({ amount: 14400 });
    for (const intent of [inEuros, forOtherOrder, forNoOrder]) {
      stripe.standIn.authorise(intent.id);
      const response = await confirmPayment(stripe.app, customer, order._id, intent.id);
      expect(response.statusCode, intent.id).toBe(409);
      expect(stripe.standIn.status(intent.id)).toBe('requires_capture');
    }
    expect(stripe.standIn.captures()).toEqual([]);
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect((await readOrder(stripe.app, customer, otherOrder._id)).paymentStatus).toBe('unpaid');
  });

  it('cancels the authorised payment instead of capturing it when the stock ran out meanwhile', async () => {
    const product = await productPricedAt(stripe.app, 215);
    const stock = await publicStockOf(stripe.app, product._id);
    const quantity = stock - 1;
    const first = await placeOrder(stripe.app, customer, product._id, quantity);
    const second = await placeOrder(stripe.app, otherCustomer, product._id, quantity);
    const firstPayment = await createIntent(stripe.app, customer, first._id);
    const secondPayment = await createIntent(stripe.app, otherCustomer, second._id);
    stripe.standIn.authorise(firstPayment.transactionId);
    stripe.standIn.authorise(secondPayment.transactionId);

    expect((await confirmPayment(stripe.app, otherCustomer, second._id, secondPayment.transactionId)).statusCode).toBe(200);
    expect(await publicStockOf(stripe.app, product._id)).toBe(1);

    const response = await confirmPayment(stripe.app, customer, first._id, firstPayment.transactionId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.stringMatching(/not been charged/) });
    expect(stripe.standIn.status(firstPayment.transactionId)).toBe('canceled');
    expect(stripe.standIn.requestsTo('POST', `/v1/payment_intents/${firstPayment.transactionId}/cancel`)).toHaveLength(1);
    expect(stripe.standIn.captures().map((request) => request.path)).toEqual([`/v1/payment_intents/${secondPayment.transactionId}/capture`]);
    expect(await publicStockOf(stripe.app, product._id)).toBe(1);
    expect((await readOrder(stripe.app, customer, first._id)).paymentStatus).toBe('unpaid');
  });

  it('leaves the order unpaid and the stock untouched when Stripe will not capture, and a retry then succeeds', async () => {
    const { product, order } = await orderFor144();
    const stockBefore = await publicStockOf(stripe.app, product._id);
    const { transactionId } = await createIntent(stripe.app, customer, order._id);
    stripe.standIn.authorise(transactionId);
    stripe.standIn.failNext(captureExpired);

    const failed = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore);

    const retried = await confirmPayment(stripe.app, customer, order._id, transactionId);
    expect(retried.statusCode).toBe(200);
    expect(stripe.standIn.status(transactionId)).toBe('succeeded');
    expect(await publicStockOf(stripe.app, product._id)).toBe(stockBefore - 3);
  });
});
