import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShopWithPeople, type ShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct, confirmPayment, createIntent, localPayment, orderRow, placeOrder, startPayment, stockOf, type TestProduct } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { addOrder } from '../../test/shop-records.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import { createOrderRepository } from './order-repository.ts';
import { call } from '../../test/call.ts';
import { authorisedPayment, payOrder } from '../../test/paid-order.ts';

/**
 * ADR 013: a cancelled order is kept and can never be paid, and every card hold it had is released,
 * whether its customer or an admin cancelled it or it expired unpaid after UNPAID_ORDER_HOURS.
 */
const hour = 3_600_000;
let clock: TestClock;
let people: ShopWithPeople;
let carol: TestAccount;
let plane: TestProduct;

beforeAll(async () => {
  clock = createTestClock(new Date());
  people = await createShopWithPeople({ clock, jobs: { startRunner: false }, env: { UNPAID_ORDER_HOURS: '48' } });
  ({ carol } = people);
  plane = await addProduct(people.shop.db, { name: 'Block plane', priceCents: 8900, minQuantity: 1, availQuantity: 1000 });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;
/** Runs what is due, then what that queued (an expiry queues releases and notices). */
async function runJobs() {
  await app().jobs.runDueJobs();
  await app().jobs.runDueJobs();
}
const cancel = (orderId: string, who: TestAccount) => call(app(), 'DELETE', `/api/orders/${orderId}`, who);

describe('cancelling an unpaid order', () => {
  it('releases the authorised payment at the local processor, and the order can no longer be paid', async () => {
    const order = await placeOrder(app(), carol, plane.id, 2);
    const paymentId = await authorisedPayment(app(), carol, order._id);
    expect((await localPayment(db(), paymentId))?.status).toBe('requires_capture');

    expect((await cancel(order._id, carol)).json()).toEqual({ deletedCount: 1 });
    await runJobs();
    expect((await localPayment(db(), paymentId))?.status).toBe('canceled');

    const stock = await stockOf(db(), plane.id);
    const confirmed = await confirmPayment(app(), carol, order._id, paymentId);
    expect(confirmed.statusCode).toBe(409);
    const started = await startPayment(app(), carol, order._id);
    expect(started.statusCode).toBe(409);
    expect(started.json()).toEqual({ code: 'ORDER_CANCELLED', message: 'This order has been cancelled, so it cannot be paid.' });
    expect(await stockOf(db(), plane.id)).toBe(stock);
    expect(await orderRow(db(), order._id)).toMatchObject({ payment_status: 'unpaid', transaction_id: null, cancel_reason: 'customer' });
  });

  it('releases every payment started for the order, a card form never used included', async () => {
    const order = await placeOrder(app(), carol, plane.id, 1);
    const { transactionId: unused } = await createIntent(app(), carol, order._id);
    const authorised = await authorisedPayment(app(), carol, order._id);
    expect((await cancel(order._id, people.admin)).statusCode).toBe(200);
    await runJobs();
    expect((await localPayment(db(), unused))?.status).toBe('canceled');
    expect((await localPayment(db(), authorised))?.status).toBe('canceled');
  });

  it('refuses to mark the order paid with a payment authorised before it was cancelled, even before the release ran', async () => {
    const order = await placeOrder(app(), carol, plane.id, 1);
    const paymentId = await authorisedPayment(app(), carol, order._id);
    await cancel(order._id, carol);
    const res = await confirmPayment(app(), carol, order._id, paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    // Refusing released the hold at once; the queued release then finds nothing left to do.
    expect((await localPayment(db(), paymentId))?.status).toBe('canceled');
    await runJobs();
    expect((await localPayment(db(), paymentId))?.status).toBe('canceled');
  });

  it('leaves a paid order and its captured payment alone', async () => {
    const order = await placeOrder(app(), carol, plane.id, 1);
    const paymentId = await payOrder(app(), carol, order._id);
    expect((await cancel(order._id, carol)).statusCode).toBe(409);
    await runJobs();
    expect((await localPayment(db(), paymentId))?.status).toBe('succeeded');
  });
});

describe('unpaid orders expire after UNPAID_ORDER_HOURS', () => {
  beforeEach(runJobs);

  it('cancels an order left unpaid too long as expired, releases its card hold and tells the customer; a paid order never expires', async () => {
    const waiting = await placeOrder(app(), carol, plane.id, 3);
    const held = await authorisedPayment(app(), carol, waiting._id);
    const paid = await placeOrder(app(), carol, plane.id, 1);
    await payOrder(app(), carol, paid._id);

    clock.advance(47 * hour);
    await runJobs();
    expect(await orderRow(db(), waiting._id)).toMatchObject({ cancelled_at: null });

    clock.advance(1 * hour + 15 * 60_000);
    await runJobs();
    expect(await orderRow(db(), waiting._id)).toMatchObject({ cancel_reason: 'expired', cancelled_at: expect.any(String) });
    expect((await localPayment(db(), held))?.status).toBe('canceled');
    const listed = (await call(app(), 'GET', `/api/orders/${encodeURIComponent(carol.email)}?limit=100`, carol)).json();
    expect(listed.find((order: { _id: string }) => order._id === waiting._id)).toMatchObject({ stage: 'expired', cancelReason: 'expired' });
    const notices = outboxMessages(people.shop.dataDir).filter((mail) => mail.subject === `Your unpaid Joinery order ${waiting.orderNumber} has expired`);
    expect(notices.map((mail) => mail.to)).toEqual([carol.email]);

    clock.advance(400 * hour);
    await runJobs();
    expect(await orderRow(db(), paid._id)).toMatchObject({ payment_status: 'paid', cancelled_at: null });
    expect((await call(app(), 'DELETE', `/api/orders/${waiting._id}`, carol)).json()).toMatchObject({ code: 'ORDER_CANCELLED' });
  });

  it('finds the orders to expire through orders_unpaid_idx, however many cancelled unpaid orders are kept', async () => {
    const kept = Array.from({ length: 400 }, () => ({ cancelled_at: clock().toISOString(), cancel_reason: 'expired' as const }));
    for (const cancelled of kept) {
      const { id } = await addOrder(db());
      await db().updateTable('orders').set(cancelled).where('id', '=', id).execute();
    }
    await sql`analyze orders`.execute(db());
    const plans = await queryPlansOf(people.shop.database, (db) => createOrderRepository(db).findExpiring(clock().toISOString(), 100));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('orders_unpaid_idx');
    // SQLite's SCAN and PostgreSQL's Seq Scan read the whole table.
    expect(plans[0]).not.toMatch(/\bSCAN orders\b|Seq Scan/);
  });
});
