import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { addProduct, call, confirmPayment, createIntent, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';

/** ADR 013 with Stripe: a cancelled or expired order's PaymentIntents are cancelled at Stripe, never left holding a card. */
const hour = 3_600_000;
let standIn: StripeStandIn;
let clock: TestClock;
let shop: TestApp;
let customer: TestAccount;
let saw: TestProduct;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  clock = createTestClock(new Date());
  shop = await createTestApp({ seed: false, clock, env: { ...standIn.shopEnv(), UNPAID_ORDER_HOURS: '24' }, jobs: { startRunner: false } });
  customer = await signUp(shop.app, 'Stella Stripe');
  saw = await addProduct(shop.db, { name: 'Dovetail saw', priceCents: 6400, minQuantity: 1, availQuantity: 500 });
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});
beforeEach(() => standIn.reset());

async function runJobs() {
  await shop.app.jobs.runDueJobs();
  await shop.app.jobs.runDueJobs();
}

/** An order whose card Stripe.js has authorised, as the payment page leaves it before the shop confirms it. */
async function authorisedOrder() {
  const order = await placeOrder(shop.app, customer, saw.id, 1);
  const { transactionId } = await createIntent(shop.app, customer, order._id);
  standIn.authorise(transactionId);
  return { order, transactionId };
}

describe('releasing Stripe payments', () => {
  it("cancels the authorised PaymentIntent when the customer cancels the order, and the order can't be paid with it", async () => {
    const { order, transactionId } = await authorisedOrder();
    expect((await call(shop.app, 'DELETE', `/api/orders/${order._id}`, customer)).json()).toEqual({ deletedCount: 1 });
    await runJobs();
    expect(standIn.intent(transactionId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect((await confirmPayment(shop.app, customer, order._id, transactionId)).statusCode).toBe(409);
    expect(standIn.captures()).toEqual([]);
  });

  it('cancels the PaymentIntent of an order that expired unpaid', async () => {
    await runJobs();
    const { order, transactionId } = await authorisedOrder();
    clock.advance(24 * hour + 15 * 60_000);
    await runJobs();
    expect((await call(shop.app, 'GET', `/api/duepaymentOrder/${order._id}`, customer)).json()).toMatchObject({ stage: 'expired' });
    expect(standIn.status(transactionId)).toBe('canceled');
  });

  it('cancels a PaymentIntent never authorised too, and no release job fails', async () => {
    const order = await placeOrder(shop.app, customer, saw.id, 1);
    const { transactionId } = await createIntent(shop.app, customer, order._id);
    await call(shop.app, 'DELETE', `/api/orders/${order._id}`, customer);
    await runJobs();
    expect(standIn.status(transactionId)).toBe('canceled');
    expect((await shop.app.jobs.listFailed({ limit: 10, offset: 0 })).items).toEqual([]);
  });
});
