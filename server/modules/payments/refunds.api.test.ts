import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import { createShopWithPeople, type ShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct, localPayment, placeOrder, readOrder, stockOf, type TestProduct } from '../../test/ordering.ts';
import { call } from '../../test/call.ts';
import { paidOrder } from '../../test/paid-order.ts';

/**
 * Refunds with the local processor: the admin gives back all or part of a paid order, never more
 * than is left, once per idempotency key however the requests arrive, with the pieces back in stock
 * when asked, and the customer told once by e-mail.
 */
let people: ShopWithPeople;
/** $12.50 a piece, plenty in stock. */
let chisel: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople({ jobs: { pollIntervalMs: 50 } });
  chisel = await addProduct(people.shop.db, { name: 'Paring chisel 12 mm', priceCents: 1250, minQuantity: 1, availQuantity: 1000 });
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;

/** A paid order of `quantity` chisels ($12.50 each), and its payment's id. */
const paidChisels = (quantity: number) => paidOrder(app(), people.carol, chisel.id, quantity);

interface RefundBody {
  amount?: unknown;
  reason?: unknown;
  restock?: unknown;
  idempotencyKey?: unknown;
}

/** The admin's refund (or, given `as`, someone else's: undefined for no one signed in). */
function refund(order: Order, body: RefundBody = {}, as: { who: TestAccount | undefined } = { who: people.admin }) {
  return call(app(), 'POST', `/api/orders/${order._id}/refunds`, as.who, { amount: order.price, reason: 'Returned unused', restock: 0, idempotencyKey: randomUUID(), ...body });
}

/** The order's refunds made or held for the processor (a refused one is kept as failed, holding nothing). */
const refundsOf = (order: Order) => db().selectFrom('refunds').selectAll().where('order_id', '=', order._id).where('status', '!=', 'failed').orderBy('created_at').execute();

/** The refund e-mails the customer of this order received, once every queued message has gone out. */
async function refundMails(order: Order) {
  await app().jobs.waitUntilIdle();
  return outboxMessages(people.shop.dataDir).filter((mail) => mail.to === order.email && mail.subject.startsWith('Refund of') && mail.subject.endsWith(order.orderNumber));
}

/** Nothing about the order's money or stock has changed since it was paid. */
async function expectUnrefunded(order: Order, transactionId: string, stockBefore: number) {
  expect(await readOrder(app(), people.carol, order._id)).toMatchObject({ refundedAmount: 0, refundStatus: 'none', restockedQuantity: 0 });
  expect(await refundsOf(order)).toEqual([]);
  expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(0);
  expect(await stockOf(db(), chisel.id)).toBe(stockBefore);
  expect(await refundMails(order)).toEqual([]);
}

describe('POST /api/orders/{id}/refunds', () => {
  it('refunds a paid order in full through the processor and tells the customer once', async () => {
    const { order, transactionId } = await paidChisels(4);
    const response = await refund(order, { amount: 50, reason: 'The handles were cracked.' });

    expect(response.statusCode).toBe(201);
    // Given back whole before it was sent, it has nothing left to send.
    expect(response.json()).toMatchObject({
      _id: order._id,
      price: 50,
      refundedAmount: 50,
      refundStatus: 'full',
      paymentStatus: 'paid',
      stage: 'refunded',
      shippingStatus: 'refunded',
    });
    const [row] = await refundsOf(order);
    expect(row).toMatchObject({ amount_cents: 5000, reason: 'The handles were cracked.', restocked_quantity: 0 });
    expect(row?.gateway_refund_id).toMatch(/^re_local_/);
    expect(await localPayment(db(), transactionId)).toMatchObject({ status: 'succeeded', refunded_cents: 5000 });

    const mails = await refundMails(order);
    expect(mails.map((mail) => mail.subject)).toEqual([`Refund of $50.00 for your Joinery order ${order.orderNumber}`]);
    expect(mails[0]?.text).toContain('We have refunded $50.00 to the card that paid for this order.');
    expect(mails[0]?.text).toContain('Reason: The handles were cracked.');
  });

  it('takes an order refunded whole before it was sent out of To ship, and refuses to ship it; a partial refund leaves it to ship', async () => {
    const { order } = await paidChisels(4);
    const toShip = async () => (await call(app(), 'GET', '/api/orders?stage=to-ship&limit=100', people.admin)).json<Order[]>().map((listed) => listed._id);
    expect(await toShip()).toContain(order._id);

    expect((await refund(order, { amount: 49.99 })).json()).toMatchObject({ stage: 'to-ship', refundStatus: 'partial' });
    expect(await toShip()).toContain(order._id);

    expect((await refund(order, { amount: 0.01 })).json()).toMatchObject({ stage: 'refunded', refundStatus: 'full' });
    expect(await toShip()).not.toContain(order._id);
    const shipped = await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, people.admin, { shippingStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toEqual({ code: 'ORDER_REFUNDED', message: 'This order was refunded in full before it was sent: there is nothing to ship.' });
  });

  it('leaves a shipped order shipped when it is refunded in full', async () => {
    const { order } = await paidChisels(2);
    expect((await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, people.admin, { shippingStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' })).statusCode).toBe(
      200,
    );
    expect((await refund(order, { amount: 25 })).json()).toMatchObject({ stage: 'shipped', refundStatus: 'full' });
  });

  it('refunds part, then the rest, and then nothing more', async () => {
    const { order, transactionId } = await paidChisels(4);

    const part = await refund(order, { amount: 12.3 });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ refundedAmount: 12.3, refundStatus: 'partial' });

    const rest = await refund(order, { amount: 37.7 });
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toMatchObject({ refundedAmount: 50, refundStatus: 'full' });

    const more = await refund(order, { amount: 0.01 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'This order has been refunded in full already.' });
    expect((await refundsOf(order)).map((row) => row.amount_cents)).toEqual([1230, 3770]);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(5000);
    // Sent in either order: the job queue may deliver them side by side.
    expect((await refundMails(order)).map((mail) => mail.subject).sort()).toEqual([
      `Refund of $12.30 for your Joinery order ${order.orderNumber}`,
      `Refund of $37.70 for your Joinery order ${order.orderNumber}`,
    ]);
  });

  it('refuses more than is left to refund, and changes nothing', async () => {
    const { order, transactionId } = await paidChisels(4);
    const stockBefore = await stockOf(db(), chisel.id);
    const response = await refund(order, { amount: 50.01 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'Only $50.00 of this order is left to refund.' });
    await expectUnrefunded(order, transactionId, stockBefore);
  });

  it.each<[string, RefundBody]>([
    ['no amount', { amount: undefined }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -5 }],
    ['fractions of a cent', { amount: 1.234 }],
    ['an amount as text', { amount: '10' }],
    ['no reason', { reason: '  ' }],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
    ['a fractional restock', { restock: 1.5 }],
    ['a negative restock', { restock: -1 }],
    ['a key that is not a UUID', { idempotencyKey: 'click-1' }],
  ])('answers 400 to %s', async (_case, body) => {
    const { order, transactionId } = await paidChisels(2);
    const response = await refund(order, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(0);
  });

  it('refunds once for a key sent twice, and answers the same order both times', async () => {
    const { order, transactionId } = await paidChisels(4);
    const idempotencyKey = randomUUID();
    const first = await refund(order, { amount: 20, idempotencyKey });
    const again = await refund(order, { amount: 20, idempotencyKey });

    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ refundedAmount: 20, refundStatus: 'partial' });
    expect(await refundsOf(order)).toHaveLength(1);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(2000);
    expect(await refundMails(order)).toHaveLength(1);
  });

  it('refunds once for a key sent twice at the same moment (a double click)', async () => {
    const { order, transactionId } = await paidChisels(4);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all([refund(order, { amount: 20, idempotencyKey }), refund(order, { amount: 20, idempotencyKey })]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.json().refundedAmount)).toEqual([20, 20]);
    expect(await refundsOf(order)).toHaveLength(1);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(2000);
    expect(await refundMails(order)).toHaveLength(1);
  });

  it('refuses a key used already for another refund', async () => {
    const { order } = await paidChisels(4);
    const idempotencyKey = randomUUID();
    expect((await refund(order, { amount: 10, idempotencyKey })).statusCode).toBe(201);
    const reused = await refund(order, { amount: 15, idempotencyKey });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await refundsOf(order)).toHaveLength(1);
  });

  it('refunds the last amount once when refunds with different keys race for it', async () => {
    const { order, transactionId } = await paidChisels(4);
    expect((await refund(order, { amount: 20 })).statusCode).toBe(201);

    const answers = await Promise.all([1, 2, 3].map(() => refund(order, { amount: 30 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().code).toMatch(/^REFUND_(TOO_LARGE|REFUSED)$/);
    expect((await readOrder(app(), people.carol, order._id)).refundedAmount).toBe(50);
    expect((await refundsOf(order)).map((row) => row.amount_cents)).toEqual([2000, 3000]);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(5000);
    expect(await refundMails(order)).toHaveLength(2);
  });

  it('changes nothing when the processor refuses, and says why', async () => {
    const { order, transactionId } = await paidChisels(4);
    const stockBefore = await stockOf(db(), chisel.id);
    // The processor's ledger has the payment refunded already (by its own hand, which the shop never heard of).
    await db().updateTable('local_payment_intents').set({ refunded_cents: 5000 }).where('id', '=', transactionId).execute();

    const response = await refund(order, { amount: 10, restock: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'REFUND_REFUSED', message: 'The card processor refused the refund: This payment has been refunded in full already.' });
    await db().updateTable('local_payment_intents').set({ refunded_cents: 0 }).where('id', '=', transactionId).execute();
    await expectUnrefunded(order, transactionId, stockBefore);
  });

  it('refuses to refund an unpaid order', async () => {
    const order = await placeOrder(app(), people.carol, chisel.id, 2);
    const response = await refund(order, { amount: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ORDER_NOT_PAID');
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const response = await call(app(), 'POST', `/api/orders/${id}/refunds`, people.admin, { amount: 1, reason: 'x', restock: 0, idempotencyKey: randomUUID() });
      expect(response.statusCode).toBe(404);
    }
  });

  it('is for admins only: 403 for customers (the order’s own or another), 401 without signing in', async () => {
    const { order, transactionId } = await paidChisels(4);
    const stockBefore = await stockOf(db(), chisel.id);
    for (const [who, status] of [
      [people.oscar, 403],
      [people.carol, 403],
      [undefined, 401],
    ] as const) {
      const response = await refund(order, { amount: 10 }, { who });
      expect(response.statusCode).toBe(status);
    }
    await expectUnrefunded(order, transactionId, stockBefore);
  });

  it('puts the pieces asked for back in stock, never the same piece twice', async () => {
    const { order } = await paidChisels(4);
    const stockBefore = await stockOf(db(), chisel.id);

    const one = await refund(order, { amount: 12.5, restock: 1 });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({ restockedQuantity: 1, refundStatus: 'partial' });
    expect(await stockOf(db(), chisel.id)).toBe(stockBefore + 1);

    const tooMany = await refund(order, { amount: 37.5, restock: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ code: 'RESTOCK_TOO_LARGE', message: 'Only 3 of the 4 pieces of Paring chisel 12 mm can still go back to stock.' });
    expect(await stockOf(db(), chisel.id)).toBe(stockBefore + 1);

    const rest = await refund(order, { amount: 37.5, restock: 3 });
    expect(rest.json()).toMatchObject({ restockedQuantity: 4, refundStatus: 'full' });
    expect(await stockOf(db(), chisel.id)).toBe(stockBefore + 4);
    expect((await refundsOf(order)).map((row) => row.restocked_quantity)).toEqual([1, 3]);
  });

  it('leaves the stock alone when asked to', async () => {
    const { order } = await paidChisels(4);
    const stockBefore = await stockOf(db(), chisel.id);
    expect((await refund(order, { amount: 50, restock: 0 })).json()).toMatchObject({ restockedQuantity: 0, refundStatus: 'full' });
    expect(await stockOf(db(), chisel.id)).toBe(stockBefore);
  });
});
