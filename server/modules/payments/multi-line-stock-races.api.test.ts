import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { added, cartOf, checkedOut } from '../../test/cart-checkout.ts';
import { addProduct, confirmPayment, setStock, stockOf, type TestProduct } from '../../test/ordering.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import { authorisedPayment } from '../../test/paid-order.ts';

/**
 * Issue 24: an order's stock is taken for all its lines together or for none. A hundred customers,
 * each with an unpaid order of three lines placed through the cart and a card authorised for it,
 * confirm at the same moment, when one line's tool has stock for only a few of them. Runs on SQLite
 * and on PostgreSQL, whose connections really do race.
 */
const customerCount = 100;
const sawsEach = 1;
const gaugesEach = 3;
const awlsEach = 2;
/** How many of the orders the gauges cover; a few pieces are left over, fewer than one order takes. */
const covered = 7;
const gaugeStock = covered * gaugesEach + (gaugesEach - 1);
const plenty = 1000;

let shop: TestApp;
let saw: TestProduct;
let gauge: TestProduct;
let awl: TestProduct;
let orders: { order: Order; owner: TestAccount; transactionId: string }[];

beforeAll(async () => {
  shop = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  saw = await addProduct(shop.db, { name: 'Gent saw', priceCents: 2900, minQuantity: 1, availQuantity: plenty });
  // Enough stock to place and authorise every order; it is cut down once every card is authorised.
  gauge = await addProduct(shop.db, { name: 'Marking gauge', priceCents: 1500, minQuantity: 1, availQuantity: plenty });
  awl = await addProduct(shop.db, { name: 'Bradawl', priceCents: 450, minQuantity: 1, availQuantity: plenty });
  // Signing up is the slow part: ten at a time.
  const owners: TestAccount[] = [];
  while (owners.length < customerCount) owners.push(...(await Promise.all(Array.from({ length: 10 }, (_, index) => signUp(shop.app, `Buyer ${owners.length + index}`)))));
  orders = await Promise.all(
    owners.map(async (owner) => {
      await added(shop.app, owner, saw.id, sawsEach);
      await added(shop.app, owner, gauge.id, gaugesEach);
      await added(shop.app, owner, awl.id, awlsEach);
      const order = await checkedOut(shop.app, owner);
      return { order, owner, transactionId: await authorisedPayment(shop.app, owner, order._id) };
    }),
  );
  await setStock(shop.db, gauge.id, gaugeStock);
}, 300_000);
afterAll(() => shop?.close());

describe(`${customerCount} three-line orders paid at once against stock for ${covered} of them (${testDialect})`, () => {
  it('pays exactly as many orders as the short line covers, refuses the rest whole, naming the line, and never oversells', async () => {
    expect(orders.every(({ order }) => order.lines.length === 3 && order.paymentStatus === 'unpaid')).toBe(true);
    expect(await stockOf(shop.db, saw.id)).toBe(plenty);
    expect(await stockOf(shop.db, awl.id)).toBe(plenty);

    const responses = await Promise.all(orders.map(({ order, owner, transactionId }) => confirmPayment(shop.app, owner, order._id, transactionId)));

    const paid = orders.filter((_, index) => responses[index]!.statusCode === 200);
    const refused = orders.filter((_, index) => responses[index]!.statusCode !== 200);
    expect(paid).toHaveLength(covered);
    for (const [index, res] of responses.entries()) {
      if (res.statusCode === 200) {
        expect(res.json<Order>()).toMatchObject({ _id: orders[index]!.order._id, paymentStatus: 'paid', stage: 'to-ship', transactionId: orders[index]!.transactionId });
        continue;
      }
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'OUT_OF_STOCK', message: 'There is no longer enough Marking gauge in stock for this order. Your card has not been charged.' });
    }

    // Each tool's stock fell by exactly what the paid orders took: a refused order took no saw and no awl either.
    expect(await stockOf(shop.db, gauge.id)).toBe(gaugeStock - covered * gaugesEach);
    expect(await stockOf(shop.db, saw.id)).toBe(plenty - covered * sawsEach);
    expect(await stockOf(shop.db, awl.id)).toBe(plenty - covered * awlsEach);
    const negative = await shop.db.selectFrom('products').select('id').where('avail_quantity', '<', 0).execute();
    expect(negative).toEqual([]);

    // The orders as the shop keeps them: exactly the confirmed ones paid, by their own payments.
    const rows = await shop.db.selectFrom('orders').select(['id', 'payment_status', 'transaction_id', 'shipping_status']).execute();
    expect(rows).toHaveLength(customerCount);
    const paidIds = new Set(paid.map(({ order }) => order._id));
    for (const row of rows) {
      const expected = orders.find(({ order }) => order._id === row.id)!;
      if (paidIds.has(row.id)) expect(row).toMatchObject({ payment_status: 'paid', transaction_id: expected.transactionId, shipping_status: 'pending' });
      else expect(row).toMatchObject({ payment_status: 'unpaid', transaction_id: null, shipping_status: null });
    }

    // Captured exactly for the paid orders; every refused authorisation was released, none captured.
    const statusById = new Map((await shop.db.selectFrom('local_payment_intents').select(['id', 'status']).execute()).map((row) => [row.id, row.status]));
    for (const { transactionId } of paid) expect(statusById.get(transactionId)).toBe('succeeded');
    for (const { transactionId } of refused) expect(statusById.get(transactionId)).toBe('canceled');

    // A paid order's lines left its cart; a refused one's cart is as it was.
    for (const { owner } of paid.slice(0, 3)) expect((await cartOf(shop.app, owner)).lines).toEqual([]);
    const wholeCart = new Map([
      [saw.id, sawsEach],
      [gauge.id, gaugesEach],
      [awl.id, awlsEach],
    ]);
    for (const { owner } of refused.slice(0, 3)) expect(new Map((await cartOf(shop.app, owner)).lines.map((line) => [line.productId, line.quantity]))).toEqual(wholeCart);
  });
});
