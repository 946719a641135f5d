import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptDate } from '../../../common/receipt.ts';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { newRecordId } from '../../record-id.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { addProduct, placeOrder, shipping, type TestProduct } from '../../test/ordering.ts';
import { pdfText } from '../../test/receipt-text.ts';
import { createTestClock } from '../../test/test-clock.ts';
import type { TestApp } from '../../test/test-app.ts';
import { call, type Caller } from '../../test/call.ts';
import { paidOrder, payOrder } from '../../test/paid-order.ts';

/**
 * One order's details (`GET /api/orders/{id}/details`) and its receipt (`GET /api/orders/{id}/receipt.pdf`):
 * for its customer and any admin, someone else's answering 404 as the other order routes do.
 */
const clock = createTestClock('2026-03-02T17:00:00.000Z');
const minutes = (count: number) => count * 60_000;
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let oscar: TestAccount;
/** $48.00 a piece. */
let gauge: TestProduct;
beforeAll(async () => {
  ({ shop, admin, carol, oscar } = await createShopWithPeople({ clock }));
  gauge = await addProduct(shop.db, { name: 'Marking gauge', priceCents: 4800, minQuantity: 1, availQuantity: 500 });
});
afterAll(() => shop.close());

const detailsOf = (id: string, who: Caller) => call(shop.app, 'GET', `/api/orders/${id}/details`, who);
const receiptOf = (id: string, who: Caller) => call(shop.app, 'GET', `/api/orders/${id}/receipt.pdf`, who);

/** An order as placing it answers, without the `insertedId` the specification adds there. */
async function place(quantity: number): Promise<Order> {
  const { insertedId: _insertedId, ...order } = (await placeOrder(shop.app, carol, gauge.id, quantity)) as Order & { insertedId: string };
  return order;
}

async function details(id: string, who: TestAccount): Promise<OrderDetails> {
  const res = await detailsOf(id, who);
  expect(res.statusCode).toBe(200);
  return res.json<OrderDetails>();
}

/** A paid order of `quantity` gauges, paid five minutes after it was placed. */
const paidGauges = (quantity = 3) => paidOrder(shop.app, carol, gauge.id, quantity, { paysAfter: { clock, ms: minutes(5) } });

/** Marks the order shipped (with a carrier and tracking number, as the admin's form sends) or delivered. */
function ship(id: string, shippingStatus: 'shipped' | 'delivered', carrier = 'Local courier', trackingNumber = '') {
  return call(shop.app, 'PATCH', `/api/orders/${id}/shipping`, admin, shippingStatus === 'shipped' ? { shippingStatus, carrier, trackingNumber } : { shippingStatus });
}

/** A refund as the refunds module stores one: these tests only read them. */
async function insertRefund(orderId: string, refund: { amountCents: number; reason: string; restocked: number; at: string }) {
  await shop.db
    .insertInto('refunds')
    .values({
      id: newRecordId(),
      order_id: orderId,
      amount_cents: refund.amountCents,
      reason: refund.reason,
      restocked_quantity: refund.restocked,
      gateway_refund_id: null,
      idempotency_key: newRecordId(),
      created_by: null,
      created_at: refund.at,
    })
    .execute();
  await shop.db
    .updateTable('orders')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', refund.amountCents) }))
    .where('id', '=', orderId)
    .execute();
}

describe('GET /api/orders/{id}/details', () => {
  it('gives the customer their unpaid order, no refunds or returns, and a timeline of its placing', async () => {
    const order = await place(2);
    expect(await details(order._id, carol)).toEqual({ order, refunds: [], shipments: [], returns: [], timeline: [{ kind: 'placed', at: order.createdAt }] });
  });

  it('gives any order to an admin', async () => {
    const order = await place(2);
    expect((await details(order._id, admin)).order).toEqual(order);
  });

  it("answers 404 for another customer's order, as for one that does not exist, and 401 without signing in", async () => {
    const order = await placeOrder(shop.app, carol, gauge.id, 2);
    const someoneElses = await detailsOf(order._id, oscar);
    const missing = await detailsOf(newRecordId(), oscar);
    expect(someoneElses.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(someoneElses.json()).toEqual(missing.json());
    expect(someoneElses.body).not.toContain(carol.email);

    const anonymous = await detailsOf(order._id, undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' });
    expect((await detailsOf('not-an-id', carol)).statusCode).toBe(404);
  });

  it("is not taken for the customer's order list, which still answers at /api/orders/{email}", async () => {
    const order = await placeOrder(shop.app, carol, gauge.id, 2);
    const list = await call(shop.app, 'GET', `/api/orders/${encodeURIComponent(carol.email)}?limit=100`, carol);
    expect(list.statusCode).toBe(200);
    expect(list.json<Order[]>().map((listed) => listed._id)).toContain(order._id);
  });

  it('follows the order as it is paid, shipped and delivered, with the time of each step and the card that paid', async () => {
    const { order, transactionId } = await paidGauges();
    clock.advance(minutes(60 * 20));
    expect((await ship(order._id, 'shipped')).statusCode).toBe(200);
    clock.advance(minutes(60 * 48));
    expect((await ship(order._id, 'delivered')).statusCode).toBe(200);

    const read = await details(order._id, carol);
    const paidAt = new Date(new Date(order.createdAt).getTime() + minutes(5)).toISOString();
    const shippedAt = new Date(new Date(paidAt).getTime() + minutes(60 * 20)).toISOString();
    const deliveredAt = new Date(new Date(shippedAt).getTime() + minutes(60 * 48)).toISOString();
    expect(read.order).toMatchObject({ stage: 'delivered', transactionId, paidAt, shippedAt, deliveredAt, cardBrand: 'visa', cardLast4: '4242' });
    expect(read.timeline).toEqual([
      { kind: 'placed', at: order.createdAt },
      { kind: 'paid', at: paidAt },
      { kind: 'shipped', at: shippedAt, carrier: 'Local courier', items: [{ product: 'Marking gauge', quantity: 3 }] },
      { kind: 'delivered', at: deliveredAt },
    ]);
    // The admin reads the same, with the staff's internal notes (none here) and the terms the customer accepted (ADR 044) besides.
    expect(await details(order._id, admin)).toEqual({ ...read, notes: [], termsAccepted: { version: 1, publishedAt: '2026-11-27T00:00:00.000Z' } });
  });

  it('shows the carrier and tracking number on the shipped step, with the tracking page of a carrier the shop knows', async () => {
    const { order } = await paidGauges();
    clock.advance(minutes(30));
    expect((await ship(order._id, 'shipped', 'ups', '1Z999AA10123456784')).statusCode).toBe(200);

    const shipped = (await details(order._id, carol)).timeline.find((entry) => entry.kind === 'shipped');
    expect(shipped).toEqual({
      kind: 'shipped',
      at: expect.any(String),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      items: [{ product: 'Marking gauge', quantity: 3 }],
    });
  });

  it('lists the refunds, oldest first, in dollars, and puts each in the timeline at its time', async () => {
    const { order } = await paidGauges();
    const paidAt = clock().toISOString();
    const later = (hours: number) => new Date(clock().getTime() + minutes(60 * hours)).toISOString();
    await insertRefund(order._id, { amountCents: 9600, reason: 'One gauge was cracked', restocked: 0, at: later(30) });
    await insertRefund(order._id, { amountCents: 2000, reason: 'Late delivery', restocked: 1, at: later(2) });

    const read = await details(order._id, carol);
    expect(read.order.refundedAmount).toBe(116);
    expect(read.refunds).toEqual([
      { id: expect.any(String), amount: 20, reason: 'Late delivery', restockedQuantity: 1, createdAt: later(2) },
      { id: expect.any(String), amount: 96, reason: 'One gauge was cracked', restockedQuantity: 0, createdAt: later(30) },
    ]);
    expect(read.timeline).toEqual([
      { kind: 'placed', at: order.createdAt },
      { kind: 'paid', at: paidAt },
      { kind: 'refunded', at: later(2), amount: 20, reason: 'Late delivery', restockedQuantity: 1 },
      { kind: 'refunded', at: later(30), amount: 96, reason: 'One gauge was cracked', restockedQuantity: 0 },
    ]);
  });

  it('ends the timeline of a cancelled order with who cancelled it, and of an expired one with its expiry', async () => {
    const cancelled = await placeOrder(shop.app, carol, gauge.id, 1);
    const expired = await placeOrder(shop.app, carol, gauge.id, 1);
    const at = new Date(clock().getTime() + minutes(60 * 72)).toISOString();
    await shop.db.updateTable('orders').set({ cancelled_at: at, cancel_reason: 'customer' }).where('id', '=', cancelled._id).execute();
    await shop.db.updateTable('orders').set({ cancelled_at: at, cancel_reason: 'expired' }).where('id', '=', expired._id).execute();

    const readCancelled = await details(cancelled._id, carol);
    expect(readCancelled.order).toMatchObject({ stage: 'cancelled', cancelledAt: at, cancelReason: 'customer' });
    expect(readCancelled.timeline).toEqual([
      { kind: 'placed', at: cancelled.createdAt },
      { kind: 'cancelled', at, cancelledBy: 'customer' },
    ]);
    expect((await details(expired._id, admin)).timeline).toEqual([
      { kind: 'placed', at: expired.createdAt },
      { kind: 'expired', at },
    ]);
  });
});

describe('GET /api/orders/{id}/receipt.pdf', () => {
  it('downloads a one-page PDF receipt with the shop, number, date, line, total, payment reference and card', async () => {
    const { order, transactionId } = await paidGauges(3);
    const res = await receiptOf(order._id, carol);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Joinery-receipt-${order.orderNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      'Joinery Tool Works',
      '118 Canal Street',
      'RECEIPT',
      `Order ${order.orderNumber}`,
      // In the shop's time, with its zone: "March 2, 2026 at 9:05 AM PST".
      `Paid ${receiptDate((await details(order._id, carol)).order.paidAt!)}`,
      'Carol Customer',
      shipping.adress,
      'Marking gauge 3 $48.00 $144.00',
      'Total paid',
      `Reference ${transactionId}`,
      'Visa ending 4242',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Refunded');
  });

  it('shows what was refunded and what was paid net', async () => {
    const { order } = await paidGauges(3);
    await insertRefund(order._id, { amountCents: 4800, reason: 'One gauge was cracked', restocked: 0, at: clock().toISOString() });
    const { text } = await pdfText((await receiptOf(order._id, carol)).rawPayload);
    expect(text).toMatch(/Refunded\s+-\$48\.00/);
    expect(text).toMatch(/Net paid\s+\$96\.00/);
  });

  it('is given to an admin for any paid order', async () => {
    const { order } = await paidGauges(1);
    const res = await receiptOf(order._id, admin);
    expect(res.statusCode).toBe(200);
    expect((await pdfText(res.rawPayload)).text).toContain(order.orderNumber);
  });

  it('draws a name or address in a script the PDF fonts lack, rather than fail', async () => {
    const order = await placeOrder(shop.app, carol, gauge.id, 1);
    await shop.db.updateTable('orders').set({ adress: 'Łódź, ul. Piotrkowska 1 — 東京 🪚' }).where('id', '=', order._id).execute();
    await payOrder(shop.app, carol, order._id);
    const res = await receiptOf(order._id, carol);
    expect(res.statusCode).toBe(200);
    expect((await pdfText(res.rawPayload)).text).toContain('?ód?, ul. Piotrkowska 1 — ?? ?');
  });

  it('is refused for an order not paid yet', async () => {
    const order = await placeOrder(shop.app, carol, gauge.id, 1);
    const res = await receiptOf(order._id, carol);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ORDER_UNPAID', message: 'This order has no receipt until it is paid.' });
  });

  it("answers 404 for another customer's order and 401 without signing in", async () => {
    const { order } = await paidGauges(1);
    const someoneElses = await receiptOf(order._id, oscar);
    expect(someoneElses.statusCode).toBe(404);
    expect(someoneElses.headers['content-type']).toContain('application/json');
    expect((await receiptOf(order._id, undefined)).statusCode).toBe(401);
  });
});
