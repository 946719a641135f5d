import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import { testDialect } from '../../test/test-database.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct, readOrder, stockOf, type TestProduct } from '../../test/ordering.ts';
import { deliverStripeEvent } from '../../test/stripe-events.ts';
import { call } from '../../test/call.ts';
import { paidOrder } from '../../test/paid-order.ts';
import { useStripeShop } from '../../test/stripe-shop.ts';

/**
 * Refunds with Stripe, against the stand-in: the shop's refund goes through Stripe's Refunds API
 * with an idempotency key, a refusal changes nothing, and `charge.refunded` records a refund made in
 * Stripe's dashboard once, never one the shop made itself.
 */

const stripe = useStripeShop({ people: true, seed: false, jobs: { pollIntervalMs: 50 } });
/** $12.50 a piece. */
let chisel: TestProduct;

beforeAll(async () => {
  chisel = await addProduct(stripe.db, { name: 'Dovetail saw', priceCents: 1250, minQuantity: 1, availQuantity: 1000 });
});

const app = () => stripe.app;

/** An order of 4 saws ($50.00) paid with Stripe: authorised in the browser, captured by the shop. */
async function paidSaws(): Promise<{ order: Order; intentId: string }> {
  const { order, transactionId } = await paidOrder(app(), stripe.people.carol, chisel.id, 4, { payWith: { standIn: stripe.standIn } });
  return { order, intentId: transactionId };
}

function refund(order: Order, body: { amount: number; reason?: string; restock?: number; idempotencyKey?: string }) {
  return call(app(), 'POST', `/api/orders/${order._id}/refunds`, stripe.people.admin, { reason: 'Returned unused', restock: 0, idempotencyKey: randomUUID(), ...body });
}

/** Delivers an event as Stripe does, signed. */
const deliver = (event: object) => deliverStripeEvent(app(), event);

/** The order's refunds made or held for the processor (a refused one is kept as failed, holding nothing). */
const refundsOf = (order: Order) =>
  stripe.people.shop.db.selectFrom('refunds').selectAll().where('order_id', '=', order._id).where('status', '!=', 'failed').orderBy('created_at').execute();
const refundRequests = () => stripe.standIn.requestsTo('POST', '/v1/refunds');

async function refundMails(order: Order) {
  await app().jobs.waitUntilIdle();
  return outboxMessages(stripe.people.shop.dataDir).filter((mail) => mail.to === order.email && mail.subject.startsWith('Refund of') && mail.subject.endsWith(order.orderNumber));
}

describe('refunding a Stripe payment', () => {
  it('asks Stripe for the refund with an idempotency key, and records Stripe’s refund once', async () => {
    const { order, intentId } = await paidSaws();
    const idempotencyKey = randomUUID();
    const response = await refund(order, { amount: 20, reason: 'One saw had a bent plate.', idempotencyKey });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ refundedAmount: 20, refundStatus: 'partial' });
    const [made] = stripe.standIn.refundsOf(intentId);
    expect(made).toMatchObject({ amount: 2000, status: 'succeeded' });
    const [recorded] = await refundsOf(order);
    expect(recorded).toMatchObject({ amount_cents: 2000, gateway_refund_id: made?.id, reason: 'One saw had a bent plate.', status: 'succeeded', idempotency_key: idempotencyKey });
    // Stripe is asked under the key of the shop's reservation, which its metadata names.
    const [request] = refundRequests();
    expect(request?.form).toEqual({
      payment_intent: intentId,
      amount: '2000',
      'metadata[orderId]': order._id,
      'metadata[refundId]': recorded?.id,
      'metadata[reason]': 'One saw had a bent plate.',
    });
    expect(request?.idempotencyKey).toBe(`refund-${recorded?.id}`);

    // The same key again: answered from the shop's record, Stripe is not asked twice.
    const again = await refund(order, { amount: 20, reason: 'One saw had a bent plate.', idempotencyKey });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(response.json());
    expect(refundRequests()).toHaveLength(1);
    expect(stripe.standIn.refundsOf(intentId)).toHaveLength(1);

    // The rest, with another key.
    expect((await refund(order, { amount: 30 })).json()).toMatchObject({ refundedAmount: 50, refundStatus: 'full' });
    expect(stripe.standIn.refundsOf(intentId).map((refund) => refund.amount)).toEqual([2000, 3000]);
  });

  it('changes nothing when Stripe refuses, and says what Stripe said', async () => {
    const { order, intentId } = await paidSaws();
    const stockBefore = await stockOf(stripe.people.shop.db, chisel.id);
    stripe.standIn.failNext({
      method: 'POST',
      path: /^\/v1\/refunds$/,
      status: 400,
      error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge has been disputed and cannot be refunded.' },
    });

    const response = await refund(order, { amount: 20, restock: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'REFUND_REFUSED', message: 'The card processor refused the refund: This charge has been disputed and cannot be refunded.' });
    expect(await readOrder(app(), stripe.people.carol, order._id)).toMatchObject({ refundedAmount: 0, refundStatus: 'none', restockedQuantity: 0 });
    expect(await refundsOf(order)).toEqual([]);
    expect(stripe.standIn.refundsOf(intentId)).toEqual([]);
    expect(await stockOf(stripe.people.shop.db, chisel.id)).toBe(stockBefore);
    expect(await refundMails(order)).toEqual([]);
  });

  it('refuses what Stripe itself no longer has to refund', async () => {
    const { order, intentId } = await paidSaws();
    // Refunded in Stripe's dashboard, and the webhook has not arrived yet.
    stripe.standIn.refundInDashboard(intentId, 5000);
    const response = await refund(order, { amount: 50 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^The card processor refused the refund: Charge ch_\w+ has already been refunded\.$/);
    expect(await refundsOf(order)).toEqual([]);
  });

  it('answers 502 and holds the amount when Stripe fails to answer, and a retry with the key refunds once', async () => {
    const { order, intentId } = await paidSaws();
    // stripe-node tries three times in all.
    stripe.standIn.failNext({ method: 'POST', path: /^\/v1\/refunds$/, status: 500, error: { type: 'api_error', message: 'An unknown error occurred' }, times: 3 });
    const idempotencyKey = randomUUID();

    const failed = await refund(order, { amount: 20, idempotencyKey });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      code: 'PAYMENT_FAILED',
      message: 'The card processor could not be reached. The refund of $20.00 is held for this order and will be sent again shortly; it will not be made twice.',
    });
    expect(await refundsOf(order)).toMatchObject([{ amount_cents: 2000, status: 'pending', gateway_refund_id: null }]);
    expect((await readOrder(app(), stripe.people.carol, order._id)).refundedAmount).toBe(0);
    // Held: only $30.00 is left for another refund meanwhile.
    const another = await refund(order, { amount: 30.01 });
    expect(another.json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'Only $30.00 of this order is left to refund.' });

    const retried = await refund(order, { amount: 20, idempotencyKey });
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ refundedAmount: 20 });
    expect(stripe.standIn.refundsOf(intentId)).toHaveLength(1);
    expect(await refundsOf(order)).toMatchObject([{ amount_cents: 2000, status: 'succeeded' }]);
    expect(await refundMails(order)).toHaveLength(1);
  });
});

describe('a refund Stripe answers with an idempotency error', () => {
  it('stays held rather than given up: the key is in use by a request whose outcome is not known, and a retry refunds once', async () => {
    const { order, intentId } = await paidSaws();
    // What Stripe answers a second request under a key whose first is still running.
    stripe.standIn.failNext({
      method: 'POST',
      path: /^\/v1\/refunds$/,
      status: 409,
      error: { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key.' },
      times: 3,
    });
    const idempotencyKey = randomUUID();
    const answer = await refund(order, { amount: 20, idempotencyKey });
    expect(answer.statusCode).toBe(502);
    expect(await refundsOf(order)).toMatchObject([{ amount_cents: 2000, status: 'pending' }]);

    const retried = await refund(order, { amount: 20, idempotencyKey });
    expect(retried.json()).toMatchObject({ refundedAmount: 20 });
    expect(stripe.standIn.refundsOf(intentId)).toHaveLength(1);
    expect(await refundsOf(order)).toMatchObject([{ amount_cents: 2000, status: 'succeeded' }]);
  });
});

describe('a refund made in Stripe’s dashboard while one of the shop’s is held', () => {
  it('is recorded, and the held one is then refused by Stripe and recorded as given up: both sides agree', async () => {
    const { order, intentId } = await paidSaws();
    stripe.standIn.failNext({ method: 'POST', path: /^\/v1\/refunds$/, status: 500, error: { type: 'api_error', message: 'An unknown error occurred' }, times: 3 });
    const idempotencyKey = randomUUID();
    expect((await refund(order, { amount: 40, idempotencyKey })).statusCode).toBe(502);

    // $20 given back in the dashboard: more than the $10 the shop's hold leaves, but the money has gone.
    stripe.standIn.refundInDashboard(intentId, 2000, 'requested_by_customer');
    expect((await deliver(stripe.standIn.chargeEvent('charge.refunded', intentId))).json()).toEqual({ received: true, result: 'handled' });
    expect((await readOrder(app(), stripe.people.carol, order._id)).refundedAmount).toBe(20);

    // The held $40 is more than Stripe has left ($30): Stripe refuses it, and the shop gives it up.
    const retried = await refund(order, { amount: 40, idempotencyKey });
    expect(retried.statusCode).toBe(409);
    expect(retried.json().code).toBe('REFUND_REFUSED');
    expect(stripe.standIn.refundsOf(intentId).reduce((sum, made) => sum + made.amount, 0)).toBe(2000);
    expect((await readOrder(app(), stripe.people.carol, order._id)).refundedAmount).toBe(20);
    expect(await refundsOf(order)).toMatchObject([{ amount_cents: 2000, status: 'succeeded' }]);
  });
});

describe('charge.refunded', () => {
  it('records a refund made in Stripe’s dashboard once, however often the event comes', async () => {
    const { order, intentId } = await paidSaws();
    const made = stripe.standIn.refundInDashboard(intentId, 1500, 'requested_by_customer');
    const event = stripe.standIn.chargeEvent('charge.refunded', intentId);

    expect((await deliver(event)).json()).toEqual({ received: true, result: 'handled' });
    expect(await readOrder(app(), stripe.people.carol, order._id)).toMatchObject({ refundedAmount: 15, refundStatus: 'partial', restockedQuantity: 0 });
    expect(await refundsOf(order)).toMatchObject([{ amount_cents: 1500, gateway_refund_id: made.id, reason: 'Requested by the customer', created_by: null }]);

    // The same delivery again, and another event telling the same story: nothing more.
    expect((await deliver(event)).json()).toEqual({ received: true, result: 'duplicate' });
    expect((await deliver(stripe.standIn.chargeEvent('charge.refunded', intentId))).json()).toEqual({ received: true, result: 'ignored' });
    expect(await refundsOf(order)).toHaveLength(1);
    expect((await readOrder(app(), stripe.people.carol, order._id)).refundedAmount).toBe(15);
    const mails = await refundMails(order);
    expect(mails.map((mail) => mail.subject)).toEqual([`Refund of $15.00 for your Joinery order ${order.orderNumber}`]);
    expect(mails[0]?.text).toContain('Reason: Requested by the customer');
  });

  it('records the same deliveries arriving together once', async () => {
    const { order, intentId } = await paidSaws();
    stripe.standIn.refundInDashboard(intentId, 5000);
    const event = stripe.standIn.chargeEvent('charge.refunded', intentId);

    const answers = await Promise.all([deliver(event), deliver(event), deliver(stripe.standIn.chargeEvent('charge.refunded', intentId))]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await refundsOf(order)).toHaveLength(1);
    expect(await readOrder(app(), stripe.people.carol, order._id)).toMatchObject({ refundedAmount: 50, refundStatus: 'full' });
    expect(await refundMails(order)).toHaveLength(1);
  });

  it('does not record again a refund the shop made itself', async () => {
    const { order, intentId } = await paidSaws();
    expect((await refund(order, { amount: 20 })).statusCode).toBe(201);

    expect((await deliver(stripe.standIn.chargeEvent('charge.refunded', intentId))).json()).toEqual({ received: true, result: 'ignored' });
    expect(await refundsOf(order)).toHaveLength(1);
    expect((await readOrder(app(), stripe.people.carol, order._id)).refundedAmount).toBe(20);
    expect(await refundMails(order)).toHaveLength(1);
  });
});

describe('a refund Stripe did not answer', () => {
  // An hour behind the real time, so that PostgreSQL's queue, which reads its own clock, finds the
  // follow-up due once the shop's clock has passed it; jobs run only when the test says.
  const clock: TestClock = createTestClock(new Date(Date.now() - 3_600_000));
  const clocked = useStripeShop({ people: true, seed: false, clock, jobs: { startRunner: false } });
  let saw: TestProduct;

  beforeAll(async () => {
    saw = await addProduct(clocked.db, { name: 'Rip saw', priceCents: 1250, minQuantity: 1, availQuantity: 1000 });
  });

  /** Every request Stripe received for the shop's refund with this id: its key names the reservation. */
  const requestsFor = (refundId: string) => clocked.standIn.requestsTo('POST', '/v1/refunds').filter((request) => request.idempotencyKey === `refund-${refundId}`);

  it('is sent again by its follow-up job, under the same key, and recorded once', async () => {
    const { app: shopApp, people: clockShop } = clocked;
    const { order, transactionId } = await paidOrder(shopApp, clockShop.carol, saw.id, 4, { payWith: { standIn: clocked.standIn } });
    clocked.standIn.failNext({ method: 'POST', path: /^\/v1\/refunds$/, status: 500, error: { type: 'api_error', message: 'An unknown error occurred' }, times: 3 });

    const failed = await call(shopApp, 'POST', `/api/orders/${order._id}/refunds`, clockShop.admin, { amount: 20, reason: 'Bent plate', restock: 1, idempotencyKey: randomUUID() });
    expect(failed.statusCode).toBe(502);
    const stockHeld = await stockOf(clockShop.shop.db, saw.id);

    // Not yet due: the follow-up waits two minutes, for the request that reserved it to finish. (Only
    // SQLite's queue reads the shop's clock; PostgreSQL's reads its own, an hour ahead of this one.)
    if (testDialect === 'sqlite') {
      await shopApp.jobs.runDueJobs();
      expect(clocked.standIn.refundsOf(transactionId)).toEqual([]);
    }

    clock.advance(121_000);
    await shopApp.jobs.runDueJobs();
    const [made] = clocked.standIn.refundsOf(transactionId);
    expect(made).toMatchObject({ amount: 2000, status: 'succeeded' });
    const [recorded] = await clockShop.shop.db.selectFrom('refunds').selectAll().where('order_id', '=', order._id).execute();
    expect(recorded).toMatchObject({ status: 'succeeded', gateway_refund_id: made?.id, restocked_quantity: 1 });
    expect(requestsFor(recorded!.id)).toHaveLength(4);
    expect(await readOrder(shopApp, clockShop.carol, order._id)).toMatchObject({ refundedAmount: 20, restockedQuantity: 1 });
    expect(await stockOf(clockShop.shop.db, saw.id)).toBe(stockHeld + 1);

    // Run again, it finds the refund made and does nothing.
    clock.advance(121_000);
    await shopApp.jobs.runDueJobs();
    expect(clocked.standIn.refundsOf(transactionId)).toHaveLength(1);
    const mails = outboxMessages(clockShop.shop.dataDir).filter((mail) => mail.subject === `Refund of $20.00 for your Joinery order ${order.orderNumber}`);
    expect(mails).toHaveLength(1);
  });
});
