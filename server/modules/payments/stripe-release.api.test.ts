import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { addProduct, confirmPayment, createIntent, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import { authorisedPayment } from '../../test/paid-order.ts';
import { useStripeShop } from '../../test/stripe-shop.ts';
import { call } from '../../test/call.ts';

/** ADR 013 with Stripe: a cancelled or expired order's PaymentIntents are cancelled at Stripe, never left holding a card. */
const hour = 3_600_000;
const clock: TestClock = createTestClock(new Date());
const stripe = useStripeShop({ seed: false, clock, env: { UNPAID_ORDER_HOURS: '24' }, jobs: { startRunner: false } });
let customer: TestAccount;
let saw: TestProduct;

beforeAll(async () => {
  customer = await signUp(stripe.app, 'Stella Stripe');
  saw = await addProduct(stripe.db, { name: 'Dovetail saw', priceCents: 6400, minQuantity: 1, availQuantity: 500 });
});

async function runJobs() {
  await stripe.app.jobs.runDueJobs();
  await stripe.app.jobs.runDueJobs();
}

/** An order whose card Stripe.js has authorised, as the payment page leaves it before the shop confirms it. */
async function authorisedOrder() {
  const order = await placeOrder(stripe.app, customer, saw.id, 1);
  return { order, transactionId: await authorisedPayment(stripe.app, customer, order._id, { standIn: stripe.standIn }) };
}

describe('releasing Stripe payments', () => {
  it("cancels the authorised PaymentIntent when the customer cancels the order, and the order can't be paid with it", async () => {
    const { order, transactionId } = await authorisedOrder();
    expect((await call(stripe.app, 'DELETE', `/api/orders/${order._id}`, customer)).json()).toEqual({ deletedCount: 1 });
    await runJobs();
    expect(stripe.standIn.intent(transactionId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect((await confirmPayment(stripe.app, customer, order._id, transactionId)).statusCode).toBe(409);
    expect(stripe.standIn.captures()).toEqual([]);
  });

  it('cancels the PaymentIntent of an order that expired unpaid', async () => {
    await runJobs();
    const { order, transactionId } = await authorisedOrder();
    clock.advance(24 * hour + 15 * 60_000);
    await runJobs();
    expect((await call(stripe.app, 'GET', `/api/duepaymentOrder/${order._id}`, customer)).json()).toMatchObject({ stage: 'expired' });
    expect(stripe.standIn.status(transactionId)).toBe('canceled');
  });

  it('cancels a PaymentIntent never authorised too, and no release job fails', async () => {
    const order = await placeOrder(stripe.app, customer, saw.id, 1);
    const { transactionId } = await createIntent(stripe.app, customer, order._id);
    await call(stripe.app, 'DELETE', `/api/orders/${order._id}`, customer);
    await runJobs();
    expect(stripe.standIn.status(transactionId)).toBe('canceled');
    expect((await stripe.app.jobs.listFailed({ limit: 10, offset: 0 })).items).toEqual([]);
  });
});
