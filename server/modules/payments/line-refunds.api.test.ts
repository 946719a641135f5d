import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderDetails } from '../../../common/schemas/order-details.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { RefundResult } from '../../../common/schemas/refunds.ts';
import { useThreeToolShop, type PaidThreeLineOrder, paidThreeLineOrder } from '../../test/multi-line-orders.ts';
import { localPayment, readOrder, stockOf } from '../../test/ordering.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';

/**
 * Issue 24: the admin refunds a paid order of several lines by the pieces of its lines, each at the
 * price it was bought for, putting them back in stock or not; never more pieces than are left of a
 * line; once per idempotency key, at the processor too. A refund by amount puts pieces back in stock
 * only for an order of one line: of several, it cannot say which.
 */
const shop = useThreeToolShop();

const app = () => shop.people.shop.app;
const db = () => shop.people.shop.db;

/** A paid order of three lines (`../../test/multi-line-orders.ts`), of a customer of its own. */
const paidOrder = () => paidThreeLineOrder(app(), shop.clock, shop);

interface LineRefundBody {
  lines: { lineId: string; quantity: number }[];
  restock: boolean;
  reason?: string;
  idempotencyKey?: string;
}

function refundLines(order: Order, body: LineRefundBody) {
  shop.clock.advance(1000);
  return call(app(), 'POST', `/api/orders/${order._id}/refunds`, shop.people.admin, { reason: 'Returned unused', idempotencyKey: randomUUID(), ...body });
}

function refundAmount(order: Order, body: { amount: number; restock: number; idempotencyKey?: string }) {
  shop.clock.advance(1000);
  return call(app(), 'POST', `/api/orders/${order._id}/refunds`, shop.people.admin, { reason: 'A goodwill gesture', idempotencyKey: randomUUID(), ...body });
}

const stocks = () => Promise.all([shop.chisel, shop.mallet, shop.plane].map((product) => stockOf(db(), product.id)));
/** Each line's pieces paid back, and put back in stock. */
const linePieces = (order: Order) => order.lines.map((line) => [line.refundedQuantity, line.restockedQuantity]);
/** The processor's own records of this payment's refunds: its ledger, and the payment's refunded total. */
async function atProcessor(transactionId: string) {
  const ledger = await db().selectFrom('local_refunds').select('amount_cents').where('payment_id', '=', transactionId).orderBy('created_at').execute();
  return { refunds: ledger.map((refund) => refund.amount_cents), refundedCents: (await localPayment(db(), transactionId))?.refunded_cents };
}

/** Nothing about the order's money, pieces or stock, here or at the processor, has changed since `before`. */
async function expectUnchanged(paid: PaidThreeLineOrder, before: { order: Order; stocks: number[]; processor: Awaited<ReturnType<typeof atProcessor>> }) {
  expect(await readOrder(app(), paid.buyer, paid.order._id)).toEqual(before.order);
  expect(await stocks()).toEqual(before.stocks);
  expect(await atProcessor(paid.transactionId)).toEqual(before.processor);
}
const snapshot = async (paid: PaidThreeLineOrder) => ({
  order: await readOrder(app(), paid.buyer, paid.order._id),
  stocks: await stocks(),
  processor: await atProcessor(paid.transactionId),
});

describe(`refunding an order of three lines by line (${testDialect})`, () => {
  it('gives back the unit price of each piece, puts them back in stock when asked, and says so on the line', async () => {
    const paid = await paidOrder();
    const { order, chiselLine, planeLine, transactionId } = paid;
    const [chisels, mallets, planes] = await stocks();

    const res = await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 2 }], restock: true });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<RefundResult>();
    expect(first.refund).toEqual({ id: expect.any(String), amount: 49 });
    expect(first).toMatchObject({ _id: order._id, refundedAmount: 49, refundStatus: 'partial', restockedQuantity: 2, price: 487.5, stage: 'to-ship' });
    expect(linePieces(first)).toEqual([
      [2, 2],
      [0, 0],
      [0, 0],
    ]);
    expect(await stocks()).toEqual([chisels! + 2, mallets, planes]);
    expect(await atProcessor(transactionId)).toEqual({ refunds: [4900], refundedCents: 4900 });

    // Without restock: the money back, the stock as it is.
    const second = await refundLines(order, { lines: [{ lineId: planeLine.lineId, quantity: 1 }], restock: false });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<RefundResult>().refund.amount).toBe(175);
    expect(second.json()).toMatchObject({ refundedAmount: 224, refundStatus: 'partial', restockedQuantity: 2 });
    expect(linePieces(second.json<Order>())).toEqual([
      [2, 2],
      [0, 0],
      [1, 0],
    ]);
    expect(await stocks()).toEqual([chisels! + 2, mallets, planes]);
    expect(await atProcessor(transactionId)).toEqual({ refunds: [4900, 17500], refundedCents: 22400 });

    // Both on the order's page, with their pieces.
    const page = (await call(app(), 'GET', `/api/orders/${order._id}/details`, paid.buyer)).json<OrderDetails>();
    expect(page.refunds.map((refund) => [refund.amount, refund.restockedQuantity, refund.lines])).toEqual([
      [49, 2, [{ lineId: chiselLine.lineId, product: 'Bevel-edge chisel', quantity: 2, restock: 2 }]],
      [175, 0, [{ lineId: planeLine.lineId, product: 'Smoothing plane', quantity: 1, restock: 0 }]],
    ]);
    expect(page.timeline.filter((entry) => entry.kind === 'refunded').map((entry) => entry.items)).toEqual([
      [{ product: 'Bevel-edge chisel', quantity: 2 }],
      [{ product: 'Smoothing plane', quantity: 1 }],
    ]);
  });

  it('refunds several lines at once, each at its own price', async () => {
    const paid = await paidOrder();
    const { order, chiselLine, malletLine, planeLine, transactionId } = paid;
    const [chisels, mallets, planes] = await stocks();

    const res = await refundLines(order, {
      lines: [
        { lineId: chiselLine.lineId, quantity: 1 },
        { lineId: malletLine.lineId, quantity: 1 },
        { lineId: planeLine.lineId, quantity: 2 },
      ],
      restock: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<RefundResult>().refund.amount).toBe(438.5);
    expect(res.json()).toMatchObject({ refundedAmount: 438.5, refundStatus: 'partial', restockedQuantity: 4 });
    expect(linePieces(res.json<Order>())).toEqual([
      [1, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(await stocks()).toEqual([chisels! + 1, mallets! + 1, planes! + 2]);
    expect(await atProcessor(transactionId)).toEqual({ refunds: [43850], refundedCents: 43850 });

    // The last two chisels make it whole.
    const rest = await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 2 }], restock: false });
    expect(rest.json()).toMatchObject({ refundedAmount: 487.5, refundStatus: 'full', stage: 'refunded' });
    expect(await atProcessor(transactionId)).toEqual({ refunds: [43850, 4900], refundedCents: 48750 });
  });

  it('refuses more pieces than are left of a line, naming it, and changes nothing', async () => {
    const paid = await paidOrder();
    const { order, chiselLine, malletLine } = paid;
    expect((await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 2 }], restock: true })).statusCode).toBe(201);
    const before = await snapshot(paid);

    const tooMany = await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 2 }], restock: false });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'Only 1 of Bevel-edge chisel is left to refund.' });
    // Asked back in stock too, the refusal may speak of the stock: either way it names the line and what is left.
    const tooManyBack = await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 2 }], restock: true });
    expect(tooManyBack.statusCode).toBe(409);
    expect(tooManyBack.json()).toEqual({ code: expect.stringMatching(/^RE(FUND|STOCK)_TOO_LARGE$/), message: expect.stringMatching(/^Only 1 of .*Bevel-edge chisel/) });
    // Not even with a line that has pieces left beside it: all or nothing.
    const mixed = await refundLines(order, {
      lines: [
        { lineId: malletLine.lineId, quantity: 1 },
        { lineId: chiselLine.lineId, quantity: 3 },
      ],
      restock: false,
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    const noSuchLine = await refundLines(order, { lines: [{ lineId: randomUUID(), quantity: 1 }], restock: false });
    expect(noSuchLine.statusCode).toBe(409);
    expect(noSuchLine.json()).toMatchObject({ code: 'UNKNOWN_LINE' });
    await expectUnchanged(paid, before);

    // What is left is still refundable.
    const last = await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 1 }], restock: true });
    expect(last.statusCode).toBe(201);
    expect(linePieces(last.json<Order>())[0]).toEqual([3, 3]);
  });

  it('refuses a line of another order', async () => {
    const paid = await paidOrder();
    const other = await paidOrder();
    const before = await snapshot(paid);
    const res = await refundLines(paid.order, { lines: [{ lineId: other.chiselLine.lineId, quantity: 1 }], restock: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_LINE' });
    await expectUnchanged(paid, before);
    expect(await readOrder(app(), other.buyer, other.order._id)).toEqual(other.order);
  });
});

describe('refunding an order of three lines by amount', () => {
  it('refuses to put pieces back in stock, which it cannot place on a line (RESTOCK_NEEDS_LINES), and changes nothing', async () => {
    const paid = await paidOrder();
    const before = await snapshot(paid);
    const res = await refundAmount(paid.order, { amount: 24.5, restock: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'RESTOCK_NEEDS_LINES', message: 'Choose the items to return to stock: refund by item for an order of several lines.' });
    await expectUnchanged(paid, before);
  });

  it('gives back an amount without restock, leaving every line’s pieces refundable up to what money is left', async () => {
    const paid = await paidOrder();
    const { order, chiselLine, planeLine, transactionId } = paid;
    const res = await refundAmount(order, { amount: 100, restock: 0 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ refundedAmount: 100, refundStatus: 'partial', refund: { amount: 100 } });
    expect(linePieces(res.json<Order>())).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    // $387.50 left: both planes ($350) fit, and then one more chisel ($24.50), but not two ($49).
    expect((await refundLines(order, { lines: [{ lineId: planeLine.lineId, quantity: 2 }], restock: true })).statusCode).toBe(201);
    const tooMuch = await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 2 }], restock: true });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'Only $37.50 of this order is left to refund.' });
    expect((await refundLines(order, { lines: [{ lineId: chiselLine.lineId, quantity: 1 }], restock: true })).statusCode).toBe(201);
    expect(await atProcessor(transactionId)).toEqual({ refunds: [10000, 35000, 2450], refundedCents: 47450 });
  });
});

describe('the same idempotency key again', () => {
  it('answers the same refund, made once at the processor', async () => {
    const paid = await paidOrder();
    const { order, malletLine, transactionId } = paid;
    const mallets = await stockOf(db(), shop.mallet.id);
    const body = { lines: [{ lineId: malletLine.lineId, quantity: 1 }], restock: true, idempotencyKey: randomUUID() };

    const first = await refundLines(order, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await refundLines(order, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toMatchObject({ refundedAmount: 64, refund: { amount: 64 } });

    // At once, twice more (a double click): still the one refund.
    const [third, fourth] = await Promise.all([refundLines(order, body), refundLines(order, body)]);
    expect(third.json()).toEqual(first.json());
    expect(fourth.json()).toEqual(first.json());

    expect(await atProcessor(transactionId)).toEqual({ refunds: [6400], refundedCents: 6400 });
    expect(await db().selectFrom('refunds').select('id').where('order_id', '=', order._id).execute()).toEqual([{ id: first.json<RefundResult>().refund.id }]);
    expect(await stockOf(db(), shop.mallet.id)).toBe(mallets + 1);
    expect(linePieces(await readOrder(app(), paid.buyer, order._id))[1]).toEqual([1, 1]);

    // The key with other pieces (another amount) is refused.
    const reused = await refundLines(order, { ...body, lines: [{ lineId: paid.planeLine.lineId, quantity: 1 }] });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // The same amount, but not the same refund (its pieces stay out of stock): refused too, never answered as the first.
    const otherRestock = await refundLines(order, { ...body, restock: false });
    expect(otherRestock.statusCode).toBe(409);
    expect(otherRestock.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await atProcessor(transactionId)).toEqual({ refunds: [6400], refundedCents: 6400 });
  });
});
