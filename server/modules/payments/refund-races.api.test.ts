import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../../../common/schemas/checkouts.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { added, authorisedCheckoutPayment, checkoutIntent, confirmCheckout, opened } from '../../test/cart-checkout.ts';
import { addProduct, authorisedPayment, call, confirmPayment, createIntent, placeOrder } from '../../test/ordering.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * ADR 029: refunds sent at the same moment never give back more than was paid, at the processor or in
 * the shop's books, and the two always agree. Each race is checked against the processor's own
 * records: the local processor's ledger, and the Stripe stand-in's refunds. Runs on SQLite and on
 * PostgreSQL, whose connections really do race.
 */
interface Processor {
  name: string;
  /** The cents the processor has given back of this payment, by its own records. */
  refundedAt(paymentId: string): Promise<number>;
  /** Authorises a payment as the customer's browser would. */
  authorise(paymentId: string): void;
}

const standIns: StripeStandIn[] = [];
afterAll(async () => {
  for (const standIn of standIns) await standIn.close();
});

describe.each(['local', 'stripe'] as const)(`refunds racing, with the %s processor (${testDialect})`, (kind) => {
  let people: ShopWithPeople;
  let processor: Processor;

  beforeAll(async () => {
    const standIn = kind === 'stripe' ? await startStripeStandIn() : undefined;
    if (standIn) standIns.push(standIn);
    people = await createShopWithPeople({ env: standIn?.shopEnv() ?? {} });
    const db = people.shop.db;
    processor = standIn
      ? {
          name: 'Stripe',
          refundedAt: async (paymentId) => standIn.refundsOf(paymentId).reduce((sum, refund) => sum + refund.amount, 0),
          authorise: (paymentId) => void standIn.authorise(paymentId),
        }
      : {
          name: 'the local processor',
          refundedAt: async (paymentId) => {
            const ledger = await db.selectFrom('local_refunds').select('amount_cents').where('payment_id', '=', paymentId).execute();
            const payment = await db.selectFrom('local_payment_intents').select('refunded_cents').where('id', '=', paymentId).executeTakeFirstOrThrow();
            // The ledger's refunds and the payment's refunded total are two records of the same money.
            expect(ledger.reduce((sum, refund) => sum + refund.amount_cents, 0)).toBe(payment.refunded_cents);
            return payment.refunded_cents;
          },
          authorise: () => undefined,
        };
  }, 60_000);
  afterAll(() => people?.shop.close());

  const app = () => people.shop.app;

  /** What the shop has recorded as given back of this payment: its refunds made, and none held. */
  async function refundedByShop(paymentId: string): Promise<number> {
    const rows = await people.shop.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.amount_cents', 'refunds.status'])
      .where('orders.transaction_id', '=', paymentId)
      .execute();
    expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
    return rows.filter((row) => row.status === 'succeeded').reduce((sum, row) => sum + row.amount_cents, 0);
  }

  function refund(order: Pick<Order, '_id'>, amount: number, idempotencyKey: string = randomUUID()) {
    return call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, { amount, reason: 'Returned unused', restock: 0, idempotencyKey });
  }

  /** A paid order of $50.00 (four pieces at $12.50). */
  async function paidOrder(): Promise<{ order: Order; paymentId: string }> {
    const product = await addProduct(people.shop.db, { name: 'Smoothing plane', priceCents: 1250, minQuantity: 1, availQuantity: 100 });
    const order = await placeOrder(app(), people.carol, product.id, 4);
    const paymentId =
      kind === 'local'
        ? await authorisedPayment(app(), people.carol, order._id)
        : await createIntent(app(), people.carol, order._id).then(({ transactionId }) => {
            processor.authorise(transactionId);
            return transactionId;
          });
    const confirmed = await confirmPayment(app(), people.carol, order._id, paymentId);
    expect(confirmed.statusCode).toBe(200);
    return { order: confirmed.json<Order>(), paymentId };
  }

  /** A paid checkout of three lines of $10.00 each, one payment of $30.00: five $2 gauges, one $10 saw, two $5 awls. */
  async function paidCheckout(): Promise<{ checkout: Checkout; lines: string[]; paymentId: string }> {
    const buyer = people.oscar;
    const gauge = await addProduct(people.shop.db, { name: 'Marking gauge', priceCents: 200, minQuantity: 1, availQuantity: 100 });
    const saw = await addProduct(people.shop.db, { name: 'Gent saw', priceCents: 1000, minQuantity: 1, availQuantity: 100 });
    const awl = await addProduct(people.shop.db, { name: 'Bradawl', priceCents: 500, minQuantity: 1, availQuantity: 100 });
    await added(app(), buyer, gauge.id, 5);
    await added(app(), buyer, saw.id, 1);
    await added(app(), buyer, awl.id, 2);
    const checkout = await opened(app(), buyer);
    const paymentId =
      kind === 'local'
        ? await authorisedCheckoutPayment(app(), buyer, checkout._id)
        : await checkoutIntent(app(), buyer, checkout._id).then(({ transactionId }) => {
            processor.authorise(transactionId);
            return transactionId;
          });
    const confirmed = await confirmCheckout(app(), buyer, checkout._id, paymentId);
    expect(confirmed.statusCode).toBe(200);
    const paid = confirmed.json<Checkout>();
    return { checkout: paid, lines: paid.lines.map((line) => line.orderId!), paymentId };
  }

  it('50 refunds of $2 at once against a $10 line of a $30 payment refund that line’s $10, at the processor too, and leave the other lines refundable', async () => {
    const { lines, paymentId } = await paidCheckout();
    const [gauges, saw, awls] = lines as [string, string, string];

    const answers = await Promise.all(Array.from({ length: 50 }, () => refund({ _id: gauges }, 2)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('REFUND_TOO_LARGE');
    }
    expect(await processor.refundedAt(paymentId)).toBe(1000);
    expect(await refundedByShop(paymentId)).toBe(1000);

    // What is left: nothing of the gauges, all of the saw and the awls.
    expect((await refund({ _id: gauges }, 0.01)).json()).toEqual({ code: 'REFUND_TOO_LARGE', message: 'This order has been refunded in full already.' });
    expect((await refund({ _id: saw }, 10)).statusCode).toBe(201);
    expect((await refund({ _id: awls }, 10)).statusCode).toBe(201);
    expect(await processor.refundedAt(paymentId)).toBe(3000);
    expect(await refundedByShop(paymentId)).toBe(3000);
  });

  it('50 refunds of $2 at once against a $50 order refund $50 exactly, at the processor too', async () => {
    const { order, paymentId } = await paidOrder();

    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(order, 2)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(25);
    expect(new Set(answers.filter((answer) => answer.statusCode !== 201).map((answer) => `${answer.statusCode} ${answer.json().code}`))).toEqual(
      new Set(['409 REFUND_TOO_LARGE']),
    );
    expect(await processor.refundedAt(paymentId)).toBe(5000);
    expect(await refundedByShop(paymentId)).toBe(5000);
    expect((await refund(order, 0.01)).statusCode).toBe(409);
  });

  it('one key sent at once with two amounts refunds one of them, once', async () => {
    const { order, paymentId } = await paidOrder();
    const idempotencyKey = randomUUID();

    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => refund(order, index % 2 === 0 ? 3 : 4, idempotencyKey)));
    const made = answers.filter((answer) => answer.statusCode === 201);
    const winner = made[0]!.json<Order>().refundedAmount;
    expect([3, 4]).toContain(winner);
    // Every request for the amount that won is answered that refund; every one for the other is refused.
    expect(made).toHaveLength(5);
    for (const answer of made) expect(answer.json<Order>().refundedAmount).toBe(winner);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await processor.refundedAt(paymentId)).toBe(winner * 100);
    expect(await refundedByShop(paymentId)).toBe(winner * 100);
    // What is left can still be refunded, in full.
    expect((await refund(order, 50 - winner)).json()).toMatchObject({ refundedAmount: 50, refundStatus: 'full' });
    expect(await processor.refundedAt(paymentId)).toBe(5000);
  });

  it('refuses an amount under one cent, which would be recorded and mailed as $0.00', async () => {
    const { order, paymentId } = await paidOrder();
    for (const amount of [1e-9, 0.004]) {
      const answer = await refund(order, amount);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await processor.refundedAt(paymentId)).toBe(0);
    expect(await refundedByShop(paymentId)).toBe(0);
  });
});
