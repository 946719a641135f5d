import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollarsToCents } from '../../../common/money.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { confirmPayment, placeOrder, productPricedAt, readOrder } from '../../test/ordering.ts';
import { mailsWithSubject, shopInbox, shopMailEnv } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { deliverStripeEvent } from '../../test/stripe-events.ts';
import { orderWithPayment } from '../../test/paid-order.ts';
import { captureExpired, useStripeShop } from '../../test/stripe-shop.ts';

/**
 * The receipt with Stripe, where a card is authorised first and captured after the order is marked
 * paid: a customer gets a receipt only once the money is taken, and only one.
 */

let smtp: SmtpStandIn;
let customer: TestAccount;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp?.close());
const stripe = useStripeShop(() => ({ env: shopMailEnv(smtp), jobs: { pollIntervalMs: 50 } }));
beforeAll(async () => {
  customer = await signUp(stripe.app, 'Ada Lovelace');
});

/** Delivers an event as Stripe does, signed. */
const deliver = (event: object) => deliverStripeEvent(stripe.app, event);

const receiptsFor = (order: Order) => mailsWithSubject(smtp, `Receipt for your Joinery order ${order.orderNumber}`);
const shopNoticesFor = (order: Order) => mailsWithSubject(smtp, `New paid order ${order.orderNumber} from Ada Lovelace`);

describe('the receipt for a card payment', () => {
  it('is not sent when the capture fails and the order is unpaid again; one is sent once a retry takes the money', async () => {
    const { order, transactionId } = await orderWithPayment(stripe.app, customer);
    stripe.standIn.authorise(transactionId);
    stripe.standIn.failNext(captureExpired);

    expect((await confirmPayment(stripe.app, customer, order._id, transactionId)).statusCode).toBe(502);
    await stripe.app.jobs.waitUntilIdle();
    expect((await readOrder(stripe.app, customer, order._id)).paymentStatus).toBe('unpaid');
    expect(receiptsFor(order)).toEqual([]);
    expect(shopNoticesFor(order)).toEqual([]);

    expect((await confirmPayment(stripe.app, customer, order._id, transactionId)).statusCode).toBe(200);
    await stripe.app.jobs.waitUntilIdle();
    expect(receiptsFor(order).map((mail) => mail.to)).toEqual([[customer.email]]);
    expect(receiptsFor(order)[0]!.text).toContain('Total: $144.00');
    expect(shopNoticesFor(order).map((mail) => mail.to)).toEqual([[shopInbox]]);
  });

  it('is sent once when Stripe’s deliveries and the browser’s confirmation settle the order together', async () => {
    const { order, transactionId } = await orderWithPayment(stripe.app, customer);
    stripe.standIn.authorise(transactionId);
    const event = stripe.standIn.event('payment_intent.amount_capturable_updated', transactionId);

    const answers = await Promise.all([deliver(event), deliver(event), confirmPayment(stripe.app, customer, order._id, transactionId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    // Stripe then reports the captured payment: the order is paid already, nothing more is said.
    expect((await deliver(stripe.standIn.event('payment_intent.succeeded', transactionId))).statusCode).toBe(200);
    await stripe.app.jobs.waitUntilIdle();

    expect(stripe.standIn.captures()).toHaveLength(1);
    expect(receiptsFor(order)).toHaveLength(1);
    expect(shopNoticesFor(order)).toHaveLength(1);
  });

  it('is queued with the settlement when Stripe had already taken the money', async () => {
    const product = await productPricedAt(stripe.app, 48);
    const order = await placeOrder(stripe.app, customer, product._id, 3);
    // A payment captured at once (not the shop's way, but Stripe may report one): nothing left to capture.
    const payment = stripe.standIn.createIntent({ amount: dollarsToCents(order.price), metadata: { orderId: order._id }, captureMethod: 'automatic' });
    stripe.standIn.authorise(payment.id);

    const answer = await deliver(stripe.standIn.event('payment_intent.succeeded', payment.id));
    expect(answer.json()).toEqual({ received: true, result: 'handled' });
    await stripe.app.jobs.waitUntilIdle();

    expect(stripe.standIn.captures()).toEqual([]);
    expect(await readOrder(stripe.app, customer, order._id)).toMatchObject({ paymentStatus: 'paid', transactionId: payment.id });
    expect(receiptsFor(order).map((mail) => mail.to)).toEqual([[customer.email]]);
    expect(receiptsFor(order)[0]!.text).toContain(`reference ${payment.id}`);
    expect(shopNoticesFor(order)).toHaveLength(1);
  });
});
