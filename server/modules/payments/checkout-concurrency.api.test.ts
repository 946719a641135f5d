import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../../../common/schemas/checkouts.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { added, authorisedCheckoutPayment, confirmCheckout, opened } from '../../test/checkout.ts';
import { addProduct, setStock, stockOf, type TestProduct } from '../../test/ordering.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * ADR 018: a checkout's stock is taken for all its lines together or for none. Fifty customers'
 * checkouts, each of two tools and all authorised, are confirmed at the same moment, against a
 * second tool whose stock covers only some of them. Runs on SQLite and on PostgreSQL.
 */
const checkoutCount = 50;
const gaugesEach = 3;
const chiselsEach = 2;
/** How many of the checkouts the gauges cover; a few pieces are left over, fewer than one checkout takes. */
const covered = 17;
const gaugeStock = covered * gaugesEach + (gaugesEach - 1);
const chiselStock = 1000;

let shop: TestApp;
let chisel: TestProduct;
let gauge: TestProduct;
let checkouts: { checkout: Checkout; owner: TestAccount; transactionId: string }[];

beforeAll(async () => {
  shop = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  chisel = await addProduct(shop.db, { name: 'Firmer chisel', priceCents: 2900, minQuantity: 1, availQuantity: chiselStock });
  // Enough stock to check every cart out; it is cut down once every card is authorised.
  gauge = await addProduct(shop.db, { name: 'Marking gauge', priceCents: 1500, minQuantity: 1, availQuantity: 1000 });
  // One open checkout per customer, so fifty customers; signing up is the slow part, ten at a time.
  const owners: TestAccount[] = [];
  while (owners.length < checkoutCount) owners.push(...(await Promise.all(Array.from({ length: 10 }, (_, index) => signUp(shop.app, `Buyer ${owners.length + index}`)))));
  checkouts = await Promise.all(
    owners.map(async (owner) => {
      await added(shop.app, owner, chisel.id, chiselsEach);
      await added(shop.app, owner, gauge.id, gaugesEach);
      const checkout = await opened(shop.app, owner);
      return { checkout, owner, transactionId: await authorisedCheckoutPayment(shop.app, owner, checkout._id) };
    }),
  );
  await setStock(shop.db, gauge.id, gaugeStock);
}, 300_000);
afterAll(() => shop?.close());

describe(`${checkoutCount} simultaneous checkouts against stock for ${covered} of them (${testDialect})`, () => {
  it('pays exactly as many checkouts as the stock covers, refuses the rest whole, naming the line, and never oversells', async () => {
    const responses = await Promise.all(checkouts.map(({ checkout, owner, transactionId }) => confirmCheckout(shop.app, owner, checkout._id, transactionId)));

    const paid = checkouts.filter((_, index) => responses[index]!.statusCode === 200);
    const refused = checkouts.filter((_, index) => responses[index]!.statusCode !== 200);
    expect(paid).toHaveLength(covered);
    for (const res of responses) {
      if (res.statusCode === 200) continue;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'OUT_OF_STOCK',
        message: 'There is no longer enough Marking gauge in stock for your cart. Your card has not been charged. Please change that line of your cart.',
      });
    }

    // Each tool's stock fell by exactly what the paid checkouts took: a refused checkout took no chisel either.
    expect(await stockOf(shop.db, gauge.id)).toBe(gaugeStock - covered * gaugesEach);
    expect(await stockOf(shop.db, chisel.id)).toBe(chiselStock - covered * chiselsEach);

    // Captured exactly for the paid checkouts; the refused ones' authorisations were cancelled.
    const statusById = new Map((await shop.db.selectFrom('local_payment_intents').select(['id', 'status']).execute()).map((row) => [row.id, row.status]));
    for (const { transactionId } of paid) expect(statusById.get(transactionId)).toBe('succeeded');
    for (const { transactionId } of refused) expect(statusById.get(transactionId)).toBe('canceled');

    // Two orders per paid checkout, sharing its number; no order at all for a refused one; no number twice.
    const orders = await shop.db.selectFrom('orders').select(['checkout_id', 'number', 'product_id', 'quantity']).execute();
    expect(orders).toHaveLength(covered * 2);
    const paidIds = new Set(paid.map(({ checkout }) => checkout._id));
    expect(orders.every((order) => order.checkout_id !== null && paidIds.has(order.checkout_id))).toBe(true);
    const numberOf = new Map<string, number>();
    for (const order of orders) {
      expect(numberOf.get(order.checkout_id!) ?? order.number).toBe(order.number);
      numberOf.set(order.checkout_id!, order.number);
    }
    expect(new Set(numberOf.values()).size).toBe(covered);
    expect(orders.filter((order) => order.product_id === gauge.id).reduce((sum, order) => sum + order.quantity, 0)).toBe(covered * gaugesEach);
  });
});
