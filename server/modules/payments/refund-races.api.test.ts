import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderLine } from '../../../common/schemas/orders.ts';
import type { RefundResult } from '../../../common/schemas/refunds.ts';
import { createShopWithPeople, type ShopWithPeople, signUp } from '../../test/accounts.ts';
import { added, checkedOut } from '../../test/cart-checkout.ts';
import { addProduct, readOrder, stockOf, type TestProduct } from '../../test/ordering.ts';
import { type StripeShop, startStripeShop } from '../../test/stripe-shop.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';
import { type PayWith, payOrder } from '../../test/paid-order.ts';

/**
 * ADR 029: refunds sent at the same moment never give back more than was paid, nor more pieces of a
 * line than it holds, at the processor or in the shop's books, and the two always agree. Each race is
 * run on a paid order of three lines placed through the cart, and checked against the processor's
 * own records: the local processor's ledger, and the Stripe stand-in's refunds. Runs on SQLite and
 * on PostgreSQL, whose connections really do race.
 */
interface Processor {
  /** The cents the processor has given back of this payment, by its own records. */
  refundedAt(paymentId: string): Promise<number>;
  /** How the customer's browser pays with it. */
  payWith: PayWith;
}

/** A paid order of three lines of $10.00 each, $30.00 in all: five $2 gauges, one $10 saw, two $5 awls. */
interface PaidOrder {
  order: Order;
  paymentId: string;
  gauges: OrderLine;
  saw: OrderLine;
  awls: OrderLine;
  products: { gauge: TestProduct; saw: TestProduct; awl: TestProduct };
}

describe.each(['local', 'stripe'] as const)(`refunds racing, with the %s processor (${testDialect})`, (kind) => {
  let people: ShopWithPeople;
  let processor: Processor;

  let stripeShop: StripeShop | undefined;

  beforeAll(async () => {
    stripeShop = kind === 'stripe' ? await startStripeShop({ people: true, seed: false }) : undefined;
    people = stripeShop?.people ?? (await createShopWithPeople());
    const db = people.shop.db;
    const standIn = stripeShop?.standIn;
    processor = standIn
      ? {
          refundedAt: async (paymentId) => standIn.refundsOf(paymentId).reduce((sum, refund) => sum + refund.amount, 0),
          payWith: { standIn },
        }
      : {
          refundedAt: async (paymentId) => {
            const ledger = await db.selectFrom('local_refunds').select('amount_cents').where('payment_id', '=', paymentId).execute();
            const payment = await db.selectFrom('local_payment_intents').select(['refunded_cents', 'amount_cents']).where('id', '=', paymentId).executeTakeFirstOrThrow();
            // The ledger's refunds and the payment's refunded total are two records of the same money, never more than was paid.
            expect(ledger.reduce((sum, refund) => sum + refund.amount_cents, 0)).toBe(payment.refunded_cents);
            expect(payment.refunded_cents).toBeLessThanOrEqual(payment.amount_cents);
            return payment.refunded_cents;
          },
          payWith: {},
        };
  }, 60_000);
  afterAll(() => stripeShop?.close() ?? people?.shop.close());

  const app = () => people.shop.app;
  const db = () => people.shop.db;

  /**
   * What the shop has recorded as given back of this order (its refunded total), checked against its
   * refunds: those made add up to it, none is left held, and it is never more than the price.
   */
  async function refundedByShop(order: Order): Promise<number> {
    const row = await db().selectFrom('orders').select(['refunded_cents', 'price_cents']).where('id', '=', order._id).executeTakeFirstOrThrow();
    const refunds = await db().selectFrom('refunds').select(['amount_cents', 'status']).where('order_id', '=', order._id).execute();
    expect(refunds.filter((refund) => refund.status === 'pending')).toEqual([]);
    expect(refunds.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amount_cents, 0)).toBe(row.refunded_cents);
    expect(row.refunded_cents).toBeLessThanOrEqual(row.price_cents);
    return row.refunded_cents;
  }

  /** The processor and the shop agree on what was given back, and that is `cents`. */
  async function expectRefunded(paid: PaidOrder, cents: number) {
    expect(await processor.refundedAt(paid.paymentId)).toBe(cents);
    expect(await refundedByShop(paid.order)).toBe(cents);
  }

  function refundAmount(order: Pick<Order, '_id'>, amount: number, idempotencyKey: string = randomUUID()) {
    return call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, { amount, reason: 'Returned unused', restock: 0, idempotencyKey });
  }

  function refundLine(order: Pick<Order, '_id'>, line: OrderLine, quantity: number, { restock = true, idempotencyKey = randomUUID() } = {}) {
    return call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, {
      lines: [{ lineId: line.lineId, quantity }],
      restock,
      reason: 'Returned unused',
      idempotencyKey,
    });
  }

  /** A paid order of three lines through the cart of a customer of its own: five $2 gauges, one $10 saw, two $5 awls. */
  async function paidThreeLineOrder(): Promise<PaidOrder> {
    const buyer = await signUp(app(), 'Oscar Other');
    const products = {
      gauge: await addProduct(db(), { name: 'Marking gauge', priceCents: 200, minQuantity: 1, availQuantity: 100 }),
      saw: await addProduct(db(), { name: 'Gent saw', priceCents: 1000, minQuantity: 1, availQuantity: 100 }),
      awl: await addProduct(db(), { name: 'Bradawl', priceCents: 500, minQuantity: 1, availQuantity: 100 }),
    };
    await added(app(), buyer, products.gauge.id, 5);
    await added(app(), buyer, products.saw.id, 1);
    await added(app(), buyer, products.awl.id, 2);
    const placed = await checkedOut(app(), buyer);
    expect(placed.price).toBe(30);
    const paymentId = await payOrder(app(), buyer, placed._id, processor.payWith);
    const order = await readOrder(app(), buyer, placed._id);
    const lineOf = (product: TestProduct) => order.lines.find((line) => line.productId === product.id)!;
    return { order, paymentId, gauges: lineOf(products.gauge), saw: lineOf(products.saw), awls: lineOf(products.awl), products };
  }

  const readLines = async (paid: PaidOrder) =>
    (await readOrder(app(), people.admin, paid.order._id)).lines.map((line) => ({ lineId: line.lineId, refunded: line.refundedQuantity, restocked: line.restockedQuantity }));

  it('50 refunds of one gauge each at once against a line of 5 refund 5 gauges, restock 5, at the processor too, and leave the other lines refundable', async () => {
    const paid = await paidThreeLineOrder();
    const gaugesInStock = await stockOf(db(), paid.products.gauge.id);

    const answers = await Promise.all(Array.from({ length: 50 }, () => refundLine(paid.order, paid.gauges, 1)));
    const made = answers.filter((answer) => answer.statusCode === 201);
    expect(made).toHaveLength(5);
    for (const answer of made) expect(answer.json<RefundResult>().refund.amount).toBe(2);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      // Every piece was paid back and put back in stock: the refusal may speak of either.
      expect(refused.json().code).toMatch(/^RE(FUND|STOCK)_TOO_LARGE$/);
    }
    await expectRefunded(paid, 1000);
    expect(await stockOf(db(), paid.products.gauge.id)).toBe(gaugesInStock + 5);
    expect(await readLines(paid)).toEqual([
      { lineId: paid.gauges.lineId, refunded: 5, restocked: 5 },
      { lineId: paid.saw.lineId, refunded: 0, restocked: 0 },
      { lineId: paid.awls.lineId, refunded: 0, restocked: 0 },
    ]);

    // What is left: nothing of the gauges, all of the saw and the awls.
    const oneMore = await refundLine(paid.order, paid.gauges, 1, { restock: false });
    expect(oneMore.json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'Only 0 of Marking gauge are left to refund.' });
    expect((await refundLine(paid.order, paid.saw, 1)).statusCode).toBe(201);
    const last = await refundLine(paid.order, paid.awls, 2);
    expect(last.statusCode).toBe(201);
    expect(last.json()).toMatchObject({ refundedAmount: 30, refundStatus: 'full', restockedQuantity: 8 });
    await expectRefunded(paid, 3000);
  });

  it('50 refunds of $2 at once against a $30 order refund $30 exactly, at the processor too, and then no line', async () => {
    const paid = await paidThreeLineOrder();

    const answers = await Promise.all(Array.from({ length: 50 }, () => refundAmount(paid.order, 2)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(15);
    expect(new Set(answers.filter((answer) => answer.statusCode !== 201).map((answer) => `${answer.statusCode} ${answer.json().code}`))).toEqual(new Set(['409 REFUND_TOO_LARGE']));
    await expectRefunded(paid, 3000);

    // Nothing is left: not a cent, not a piece of any line.
    expect((await refundAmount(paid.order, 0.01)).json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'This order has been refunded in full already.' });
    for (const line of [paid.gauges, paid.saw, paid.awls]) {
      const refused = await refundLine(paid.order, line, 1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('REFUND_TOO_LARGE');
    }
    await expectRefunded(paid, 3000);
  });

  it('refunds by line and by amount at once share the order’s price: $30 exactly, never more gauges than the line holds', async () => {
    const paid = await paidThreeLineOrder();
    const gaugesInStock = await stockOf(db(), paid.products.gauge.id);

    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? refundLine(paid.order, paid.gauges, 1) : refundAmount(paid.order, 2))));
    const made = answers.filter((answer) => answer.statusCode === 201);
    // Each refund is $2, and $30 was paid.
    expect(made).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toMatch(/^RE(FUND|STOCK)_TOO_LARGE$/);
    }
    await expectRefunded(paid, 3000);
    const gaugesBack = (await readLines(paid))[0]!;
    expect(gaugesBack.refunded).toBeLessThanOrEqual(5);
    expect(gaugesBack.restocked).toBe(gaugesBack.refunded);
    expect(await stockOf(db(), paid.products.gauge.id)).toBe(gaugesInStock + gaugesBack.refunded);
    expect((await readOrder(app(), people.admin, paid.order._id)).restockedQuantity).toBe(gaugesBack.refunded);
  });

  it('one key sent at once with two amounts refunds one of them, once; every line stays refundable up to what is left', async () => {
    const paid = await paidThreeLineOrder();
    const idempotencyKey = randomUUID();

    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => refundAmount(paid.order, index % 2 === 0 ? 3 : 4, idempotencyKey)));
    const made = answers.filter((answer) => answer.statusCode === 201);
    const winner = made[0]!.json<RefundResult>().refund;
    expect([3, 4]).toContain(winner.amount);
    // Every request for the amount that won is answered that refund; every one for the other is refused.
    expect(made).toHaveLength(5);
    for (const answer of made) expect(answer.json<RefundResult>()).toMatchObject({ refundedAmount: winner.amount, refund: winner });
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    await expectRefunded(paid, winner.amount * 100);

    // Every line can still be refunded up to what is left of the money: the saw and the awls whole,
    // then as many gauges as the rest pays for, and not one more.
    expect((await refundLine(paid.order, paid.saw, 1)).statusCode).toBe(201);
    expect((await refundLine(paid.order, paid.awls, 2)).statusCode).toBe(201);
    const left = 1000 - winner.amount * 100;
    const gauges = Math.floor(left / 200);
    expect((await refundLine(paid.order, paid.gauges, gauges + 1)).json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    expect((await refundLine(paid.order, paid.gauges, gauges)).statusCode).toBe(201);
    if (left % 200 > 0) expect((await refundAmount(paid.order, (left % 200) / 100)).statusCode).toBe(201);
    expect(await readOrder(app(), people.admin, paid.order._id)).toMatchObject({ refundedAmount: 30, refundStatus: 'full' });
    await expectRefunded(paid, 3000);
  });

  it('one key sent at once for two different lines refunds one of them, once', async () => {
    const paid = await paidThreeLineOrder();
    const idempotencyKey = randomUUID();

    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => refundLine(paid.order, index % 2 === 0 ? paid.gauges : paid.saw, 1, { idempotencyKey })));
    const made = answers.filter((answer) => answer.statusCode === 201);
    expect(made).toHaveLength(5);
    const winner = made[0]!.json<RefundResult>().refund;
    expect([2, 10]).toContain(winner.amount);
    for (const answer of made) expect(answer.json<RefundResult>().refund).toEqual(winner);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) expect(refused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    await expectRefunded(paid, winner.amount * 100);
    const refunded = (await readLines(paid)).map((line) => line.refunded);
    expect(refunded).toEqual(winner.amount === 2 ? [1, 0, 0] : [0, 1, 0]);
  });

  it('refuses an amount under one cent, which would be recorded and mailed as $0.00', async () => {
    const paid = await paidThreeLineOrder();
    for (const amount of [1e-9, 0.004]) {
      const answer = await refundAmount(paid.order, amount);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expectRefunded(paid, 0);
  });
});
