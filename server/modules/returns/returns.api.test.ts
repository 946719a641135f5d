import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { OrderReturn } from '../../../common/schemas/returns.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { paidThreeLineOrder, useThreeToolShop } from '../../test/multi-line-orders.ts';
import { localPayment, readOrder, shipping, stockOf } from '../../test/ordering.ts';
import { payOrder } from '../../test/paid-order.ts';
import { testDialect } from '../../test/test-database.ts';
import { addVariantProduct } from '../../test/variant-products.ts';

/**
 * Issue 28, returns and exchanges (ADR 040): a customer asks to send back pieces of a delivered order
 * within the return window; the admin approves or refuses; the parcel received is refunded through the
 * refund path or exchanged for another variant as a new order. Never more pieces than were delivered,
 * never twice, however many requests arrive at once; each step on the timeline and mailed.
 */
const shop = useThreeToolShop({ jobs: { pollIntervalMs: 50 } });

const app = () => shop.people.shop.app;
const db = () => shop.people.shop.db;
const dayMs = 86_400_000;

/** Ships and delivers an order, as the admin does. */
async function deliver(order: Order) {
  shop.clock.advance(60_000);
  const shipped = await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, shop.people.admin, { shippingStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' });
  expect(shipped.statusCode, shipped.body).toBe(200);
  shop.clock.advance(60_000);
  const delivered = await call(app(), 'PATCH', `/api/orders/${order._id}/shipping`, shop.people.admin, { shippingStatus: 'delivered' });
  expect(delivered.statusCode, delivered.body).toBe(200);
}

/** A delivered order of 3 chisels, 1 mallet and 2 planes, of a customer of its own. */
async function deliveredOrder() {
  const paid = await paidThreeLineOrder(app(), shop.clock, shop);
  await deliver(paid.order);
  return paid;
}

function askReturn(order: Order, who: TestAccount, lines: { lineId: string; quantity: number }[], extra: object = {}) {
  shop.clock.advance(1000);
  return call(app(), 'POST', `/api/orders/${order._id}/returns`, who, { lines, reason: 'wrong-size-or-variant', note: 'The 10 mm is too wide', ...extra });
}

function decide(made: OrderReturn, body: object) {
  shop.clock.advance(1000);
  return call(app(), 'PATCH', `/api/returns/${made.id}`, shop.people.admin, body);
}

async function details(order: Order, who: TestAccount): Promise<OrderDetails> {
  const res = await call(app(), 'GET', `/api/orders/${order._id}/details`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderDetails>();
}

/**
 * The subjects of the mails this order's customer received about returns, once every queued one has
 * gone out, in alphabetical order: each is a job of its own, and jobs may deliver in any order.
 */
async function returnMails(email: string) {
  await app().jobs.waitUntilIdle();
  return outboxMessages(shop.people.shop.dataDir)
    .filter((mail) => mail.to === email && /return|Return/.test(mail.subject))
    .map((mail) => mail.subject)
    .toSorted();
}

/** A chisel in two widths at these prices (cents), and a delivered order of one 10 mm of it, of a customer of its own. */
async function deliveredWidthOrder(narrowCents: number, wideCents: number) {
  const chisel = await addVariantProduct(db(), {
    name: 'Firmer chisel',
    options: [{ name: 'Width', values: ['10 mm', '12 mm'] }],
    variants: [
      { choice: { Width: '10 mm' }, stock: 10, priceCents: narrowCents },
      { choice: { Width: '12 mm' }, stock: 10, priceCents: wideCents },
    ],
  });
  const [narrow, wide] = chisel.variantIds as [string, string];
  const buyer = await signUp(app(), 'Wendy Width');
  const placed = await call(app(), 'POST', '/api/orders', buyer, { productId: chisel.id, variantId: narrow, quantity: 1, ...shipping });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<Order>();
  const transactionId = await payOrder(app(), buyer, order._id);
  await deliver(order);
  return { order, buyer, narrow, wide, transactionId };
}

/** A variant's stock now. */
/** What the audit trail says was decided on a return, newest first. */
async function decisionsRecorded(made: OrderReturn) {
  const records = (await call(app(), 'GET', '/api/audit-log?kind=return.decided&limit=100', shop.people.admin)).json<AuditRecord[]>();
  return records.filter((record) => record.subject === made.number).map((record) => record.detail.facts);
}

const variantStock = async (id: string) => (await db().selectFrom('product_variants').select('avail_quantity').where('id', '=', id).executeTakeFirstOrThrow()).avail_quantity;

/** Asks for the return of the order's one piece, approves it, and receives it as an exchange for `variantId`. */
async function exchanged(order: Order, buyer: TestAccount, variantId: string) {
  const made = (await askReturn(order, buyer, [{ lineId: order.lines[0]!.lineId, quantity: 1 }])).json<OrderReturn>();
  expect((await decide(made, { decision: 'approve' })).statusCode).toBe(200);
  const received = await decide(made, { decision: 'received', resolution: 'exchange', exchangeVariantId: variantId });
  expect(received.statusCode, received.body).toBe(200);
  return { made, received: received.json<OrderReturn>() };
}

describe(`returns (${testDialect})`, () => {
  it('refuses more pieces than were delivered, the same pieces twice, another customer’s order, and an order not delivered', async () => {
    const { order, buyer, chiselLine } = await deliveredOrder();
    const tooMany = await askReturn(order, buyer, [{ lineId: chiselLine.lineId, quantity: 4 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'RETURN_TOO_LARGE', message: 'Only 3 of Bevel-edge chisel can still be sent back (3 delivered).' });
    expect((await askReturn(order, buyer, [{ lineId: 'no-such-line', quantity: 1 }])).statusCode).toBe(400);
    expect((await askReturn(order, buyer, [])).statusCode).toBe(400);

    const first = await askReturn(order, buyer, [{ lineId: chiselLine.lineId, quantity: 2 }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<OrderReturn>()).toMatchObject({ number: `${order.orderNumber}-R1`, status: 'requested', reason: 'wrong-size-or-variant', lines: [{ quantity: 2 }] });
    const again = await askReturn(order, buyer, [{ lineId: chiselLine.lineId, quantity: 2 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RETURN_TOO_LARGE', message: 'Only 1 of Bevel-edge chisel can still be sent back (3 delivered).' });

    const other = await askReturn(order, shop.people.oscar, [{ lineId: chiselLine.lineId, quantity: 1 }]);
    expect(other.statusCode).toBe(404);
    expect((await askReturn(order, shop.people.admin, [{ lineId: chiselLine.lineId, quantity: 1 }])).statusCode).toBe(404);

    const undelivered = await paidThreeLineOrder(app(), shop.clock, shop);
    const early = await askReturn(undelivered.order, undelivered.buyer, [{ lineId: undelivered.chiselLine.lineId, quantity: 1 }]);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_DELIVERED' });
  });

  it('takes exactly the pieces left when 50 requests for them arrive at once', async () => {
    const { order, buyer, chiselLine } = await deliveredOrder();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(app(), 'POST', `/api/orders/${order._id}/returns`, buyer, { lines: [{ lineId: chiselLine.lineId, quantity: 1 }], reason: 'damaged' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    const { returns } = await details(order, buyer);
    expect(returns.map((made) => made.number).toSorted()).toEqual([1, 2, 3].map((seq) => `${order.orderNumber}-R${seq}`));
  });

  it('closes with the return window, counted from delivery on the shop’s clock and set by the owner', async () => {
    expect((await call(app(), 'GET', '/api/return-settings', shop.people.admin)).json()).toEqual({ windowDays: 30 });
    const { order, buyer, malletLine } = await deliveredOrder();
    expect((await details(order, buyer)).returnable).toMatchObject({ lines: expect.arrayContaining([{ lineId: malletLine.lineId, quantity: 1 }]) });
    shop.clock.advance(31 * dayMs);
    const late = await askReturn(order, buyer, [{ lineId: malletLine.lineId, quantity: 1 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RETURN_WINDOW_CLOSED' });
    expect((await details(order, buyer)).returnable).toBeUndefined();

    expect((await call(app(), 'PUT', '/api/return-settings', shop.people.carol, { windowDays: 60 })).statusCode).toBe(403);
    expect((await call(app(), 'PUT', '/api/return-settings', shop.people.admin, { windowDays: 400 })).statusCode).toBe(400);
    const longer = await call(app(), 'PUT', '/api/return-settings', shop.people.admin, { windowDays: 60 });
    expect(longer.json()).toEqual({ windowDays: 60 });
    expect((await askReturn(order, buyer, [{ lineId: malletLine.lineId, quantity: 1 }])).statusCode).toBe(201);
    await call(app(), 'PUT', '/api/return-settings', shop.people.admin, { windowDays: 30 });
  });

  it('approves, receives and refunds: the money back at the processor equals the shop’s, the pieces back in stock, a credit note, each step mailed and on the timeline', async () => {
    const { order, buyer, planeLine, transactionId } = await deliveredOrder();
    const made = (await askReturn(order, buyer, [{ lineId: planeLine.lineId, quantity: 1 }], { reason: 'damaged' })).json<OrderReturn>();

    const early = await decide(made, { decision: 'received', resolution: 'refund' });
    expect(early.statusCode).toBe(409);
    const approved = await decide(made, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect((await decide(made, { decision: 'refuse', reason: 'Too late' })).statusCode).toBe(409);

    const planes = await stockOf(db(), shop.plane.id);
    const received = await decide(made, { decision: 'received', resolution: 'refund' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'received', resolution: 'refund', refundId: expect.any(String) });
    expect(await stockOf(db(), shop.plane.id)).toBe(planes + 1);
    const after = await readOrder(app(), buyer, order._id);
    expect(after.refundedAmount).toBe(175);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(17_500);
    const page = await details(order, buyer);
    expect(page.refunds).toEqual([expect.objectContaining({ amount: 175, creditNoteNumber: expect.stringMatching(/^CN-/) })]);
    expect(page.timeline.map((entry) => entry.kind).slice(-4)).toEqual(['return-requested', 'return-approved', 'refunded', 'return-received']);
    expect(page.returns).toEqual([expect.objectContaining({ status: 'received', resolution: 'refund' })]);

    // Pressed again, nothing more is refunded.
    expect((await decide(made, { decision: 'received', resolution: 'refund' })).statusCode).toBe(409);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(17_500);
    expect(await returnMails(order.email)).toEqual(
      [
        `We have your return request ${made.number} for order ${order.orderNumber}`,
        `Return ${made.number} approved: how to send your tools back`,
        `Return ${made.number} received`,
      ].toSorted(),
    );
  });

  it('refuses with a reason, mailed and on the timeline; the pieces are free to ask for again', async () => {
    const { order, buyer, malletLine } = await deliveredOrder();
    const made = (await askReturn(order, buyer, [{ lineId: malletLine.lineId, quantity: 1 }])).json<OrderReturn>();
    expect((await decide(made, { decision: 'refuse' })).statusCode).toBe(400);
    const refused = await decide(made, { decision: 'refuse', reason: 'The mallet has been used for months' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', refusalReason: 'The mallet has been used for months' });
    expect((await details(order, buyer)).timeline.at(-1)).toMatchObject({ kind: 'return-refused', reason: 'The mallet has been used for months', returnNumber: made.number });
    expect(await returnMails(order.email)).toContain(`Your return request ${made.number} for order ${order.orderNumber}`);
    expect((await askReturn(order, buyer, [{ lineId: malletLine.lineId, quantity: 1 }])).statusCode).toBe(201);

    const waiting = await call(app(), 'GET', '/api/returns?status=requested&limit=100', shop.people.admin);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json<OrderReturn[]>().some((listed) => listed.orderId === order._id)).toBe(true);
    expect((await call(app(), 'GET', '/api/returns', buyer)).statusCode).toBe(403);
    expect((await call(app(), 'PATCH', `/api/returns/${made.id}`, buyer, { decision: 'approve' })).statusCode).toBe(403);
    expect(await decisionsRecorded(made)).toEqual([{ order: order.orderNumber, decision: 'refused', reason: 'The mallet has been used for months' }]);
  });

  it('exchanges a variant for another of the same price: a new order at no charge, paid and to ship; the new variant taken from stock, the returned one restocked', async () => {
    const { order, buyer, narrow, wide } = await deliveredWidthOrder(3000, 3000);
    const [narrowBefore, wideBefore] = [await variantStock(narrow), await variantStock(wide)];

    const made = (await askReturn(order, buyer, [{ lineId: order.lines[0]!.lineId, quantity: 1 }])).json<OrderReturn>();
    expect((await decide(made, { decision: 'approve' })).statusCode).toBe(200);
    expect((await decide(made, { decision: 'received', resolution: 'exchange' })).statusCode).toBe(400);
    const received = await decide(made, { decision: 'received', resolution: 'exchange', exchangeVariantId: wide });
    expect(received.statusCode, received.body).toBe(200);
    const exchanged = received.json<OrderReturn>();
    expect(exchanged).toMatchObject({ status: 'received', resolution: 'exchange', exchange: { amountDue: 0, variant: 'Firmer chisel · Width 12 mm' } });

    expect([await variantStock(narrow), await variantStock(wide)]).toEqual([narrowBefore + 1, wideBefore - 1]);
    const exchangeOrder = await readOrder(app(), buyer, exchanged.exchange!.orderId);
    expect(exchangeOrder).toMatchObject({
      price: 0,
      paymentStatus: 'paid',
      shippingStatus: 'pending',
      stage: 'to-ship',
      lines: [expect.objectContaining({ variantId: wide, quantity: 1 })],
    });
    const toShip = await call(app(), 'GET', '/api/orders?stage=to-ship&limit=100', shop.people.admin);
    expect(toShip.json<Order[]>().map((listed) => listed._id)).toContain(exchangeOrder._id);
    expect((await details(order, buyer)).timeline.at(-1)).toMatchObject({ kind: 'return-received', resolution: 'exchange', exchangeOrderNumber: exchangeOrder.orderNumber });
    expect(await returnMails(order.email)).toContain(`Return ${made.number} received`);

    // Two admins pressing at once: it was received once.
    expect((await decide(made, { decision: 'received', resolution: 'exchange', exchangeVariantId: wide })).statusCode).toBe(409);
    expect(await variantStock(wide)).toBe(wideBefore - 1);
    // The audit trail has the two decisions, newest first, by the admin.
    expect(await decisionsRecorded(made)).toEqual([
      { order: order.orderNumber, decision: 'received', resolution: 'exchange', variant: expect.any(String), 'exchange order': exchangeOrder.orderNumber },
      { order: order.orderNumber, decision: 'approved' },
    ]);
  });

  it('exchanges for a dearer variant: the new order waits for the difference, paid through the usual payment, which takes its stock', async () => {
    const { order, buyer, narrow, wide } = await deliveredWidthOrder(3000, 3600);
    const [narrowBefore, wideBefore] = [await variantStock(narrow), await variantStock(wide)];
    const { made, received } = await exchanged(order, buyer, wide);
    expect(received.exchange).toMatchObject({ amountDue: 6 });
    const exchangeOrder = await readOrder(app(), buyer, received.exchange!.orderId);
    expect(exchangeOrder).toMatchObject({ price: 6, paymentStatus: 'unpaid', stage: 'unpaid' });
    expect([await variantStock(narrow), await variantStock(wide)]).toEqual([narrowBefore + 1, wideBefore]);

    await payOrder(app(), buyer, exchangeOrder._id);
    expect(await readOrder(app(), buyer, exchangeOrder._id)).toMatchObject({ paymentStatus: 'paid', stage: 'to-ship' });
    expect(await variantStock(wide)).toBe(wideBefore - 1);
    await app().jobs.waitUntilIdle();
    const subjects = outboxMessages(shop.people.shop.dataDir)
      .filter((mail) => mail.to === order.email)
      .map((mail) => mail.subject);
    expect(subjects).toEqual(expect.arrayContaining([`Return ${made.number} received`, `Your Joinery order ${exchangeOrder.orderNumber} is waiting for payment`]));
  });

  it('exchanges for a cheaper variant: the difference is refunded through the refund path', async () => {
    const { order, buyer, wide, transactionId } = await deliveredWidthOrder(3000, 2400);
    const { received } = await exchanged(order, buyer, wide);
    expect(received).toMatchObject({ resolution: 'exchange', refundId: expect.any(String), exchange: { amountDue: 0 } });
    expect(await readOrder(app(), buyer, received.exchange!.orderId)).toMatchObject({ price: 0, paymentStatus: 'paid', stage: 'to-ship' });
    expect((await readOrder(app(), buyer, order._id)).refundedAmount).toBe(6);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(600);
  });

  it('does one thing when admins press the same decision at once: one approval, one refund at the processor', async () => {
    const { order, buyer, malletLine, transactionId } = await deliveredOrder();
    const made = (await askReturn(order, buyer, [{ lineId: malletLine.lineId, quantity: 1 }])).json<OrderReturn>();
    const approvals = await Promise.all(Array.from({ length: 10 }, () => call(app(), 'PATCH', `/api/returns/${made.id}`, shop.people.admin, { decision: 'approve' })));
    expect(approvals.map((answer) => answer.statusCode).toSorted()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);

    const receipts = await Promise.all(
      Array.from({ length: 10 }, () => call(app(), 'PATCH', `/api/returns/${made.id}`, shop.people.admin, { decision: 'received', resolution: 'refund' })),
    );
    expect(receipts.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(receipts.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    expect((await localPayment(db(), transactionId))?.refunded_cents).toBe(6400);
    expect((await readOrder(app(), buyer, order._id)).refundedAmount).toBe(64);
    expect(await returnMails(order.email)).toEqual(
      [
        `We have your return request ${made.number} for order ${order.orderNumber}`,
        `Return ${made.number} approved: how to send your tools back`,
        `Return ${made.number} received`,
      ].toSorted(),
    );
  });
});
