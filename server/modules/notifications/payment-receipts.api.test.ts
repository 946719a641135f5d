import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dollarsToCents } from '../../../common/money.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { confirmPayment, createIntent, placeOrder, productPricedAt, readOrder } from '../../test/ordering.ts';
import { mailsWithSubject, shopInbox, shopMailEnv } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { standInWebhookSecret, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { deliverStripeEvent } from '../../test/stripe-events.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The receipt with Stripe, where a card is authorised first and captured after the order is marked
 * paid: a customer gets a receipt only once the money is taken, and only one.
 */

let smtp: SmtpStandIn;
let stripe: StripeStandIn;
let shop: TestApp;
let customer: TestAccount;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  stripe = await startStripeStandIn();
  shop = await createTestApp({
    env: { ...shopMailEnv(smtp), ...stripe.shopEnv(), STRIPE_WEBHOOK_SECRET: standInWebhookSecret },
    jobs: { pollIntervalMs: 50 },
  });
  customer = await signUp(shop.app, 'Ada Lovelace');
});
afterAll(async () => {
  await shop?.close();
  await stripe?.close();
  await smtp?.close();
});
beforeEach(() => stripe.reset());

/** Delivers an event as Stripe does, signed. */
const deliver = (event: object) => deliverStripeEvent(shop.app, event);

/** 3 × $48.00, with its Stripe payment started as the payment page leaves it. */
async function orderWithPayment() {
  const product = await productPricedAt(shop.app, 48);
  const order = await placeOrder(shop.app, customer, product._id, 3);
  const { transactionId } = await createIntent(shop.app, customer, order._id);
  return { order, transactionId };
}

const receiptsFor = (order: Order) => mailsWithSubject(smtp, `Receipt for your Joinery order ${order.orderNumber}`);
const shopNoticesFor = (order: Order) => mailsWithSubject(smtp, `New paid order ${order.orderNumber} from Ada Lovelace`);

describe('the receipt for a card payment', () => {
  it('is not sent when the capture fails and the order is unpaid again; one is sent once a retry takes the money', async () => {
    const { order, transactionId } = await orderWithPayment();
    stripe.authorise(transactionId);
    stripe.failNext({
      method: 'POST',
      path: /\/capture$/,
      status: 400,
      error: { type: 'invalid_request_error', code: 'charge_expired_for_capture', message: 'The charge cannot be captured as the authorization has expired.' },
    });

    expect((await confirmPayment(shop.app, customer, order._id, transactionId)).statusCode).toBe(502);
    await shop.app.jobs.waitUntilIdle();
    expect((await readOrder(shop.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(receiptsFor(order)).toEqual([]);
    expect(shopNoticesFor(order)).toEqual([]);

    expect((await confirmPayment(shop.app, customer, order._id, transactionId)).statusCode).toBe(200);
    await shop.app.jobs.waitUntilIdle();
    expect(receiptsFor(order).map((mail) => mail.to)).toEqual([[customer.email]]);
    expect(receiptsFor(order)[0]!.text).toContain('Total: $144.00');
    expect(shopNoticesFor(order).map((mail) => mail.to)).toEqual([[shopInbox]]);
  });

  it('is sent once when Stripe’s deliveries and the browser’s confirmation settle the order together', async () => {
    const { order, transactionId } = await orderWithPayment();
    stripe.authorise(transactionId);
    const event = stripe.event('payment_intent.amount_capturable_updated', transactionId);

    const answers = await Promise.all([deliver(event), deliver(event), confirmPayment(shop.app, customer, order._id, transactionId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    // Stripe then reports the captured payment: the order is paid already, nothing more is said.
    expect((await deliver(stripe.event('payment_intent.succeeded', transactionId))).statusCode).toBe(200);
    await shop.app.jobs.waitUntilIdle();

    expect(stripe.captures()).toHaveLength(1);
    expect(receiptsFor(order)).toHaveLength(1);
    expect(shopNoticesFor(order)).toHaveLength(1);
  });

  it('is queued with the settlement when Stripe had already taken the money', async () => {
    const product = await productPricedAt(shop.app, 48);
    const order = await placeOrder(shop.app, customer, product._id, 3);
    // A payment captured at once (not the shop's way, but Stripe may report one): nothing left to capture.
    const payment = stripe.createIntent({ amount: dollarsToCents(order.price), metadata: { orderId: order._id }, captureMethod: 'automatic' });
    stripe.authorise(payment.id);

    const answer = await deliver(stripe.event('payment_intent.succeeded', payment.id));
    expect(answer.json()).toEqual({ received: true, result: 'handled' });
    await shop.app.jobs.waitUntilIdle();

    expect(stripe.captures()).toEqual([]);
    expect(await readOrder(shop.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId: payment.id });
    expect(receiptsFor(order).map((mail) => mail.to)).toEqual([[customer.email]]);
    expect(receiptsFor(order)[0]!.text).toContain(`reference ${payment.id}`);
    expect(shopNoticesFor(order)).toHaveLength(1);
  });
});
