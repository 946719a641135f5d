import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { addProduct, confirmPayment, placeOrder, setStock, stockOf, type TestProduct } from '../../test/ordering.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';
import { authorisedPayment } from '../../test/paid-order.ts';

/**
 * design.md: "Paying decrements availQuantity in the same transaction; two buyers can never take the
 * same last units." Fifty customers' payments, all authorised, are confirmed at the same moment
 * against a product whose stock covers only some of them. Runs on SQLite and on PostgreSQL.
 */
const orderCount = 50;
const quantity = 3;
/** How many of the orders the stock covers; a few pieces are left over, fewer than one order. */
const covered = 17;
const initialStock = covered * quantity + (quantity - 1);

let shop: TestApp;
let customers: TestAccount[];
let product: TestProduct;
let orders: { id: string; owner: TestAccount; transactionId: string }[];
beforeAll(async () => {
  shop = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  // Sign-ups are the slow part: five customers with ten orders each.
  customers = [];
  for (const name of ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli']) customers.push(await signUp(shop.app, `${name} Buyer`));
  // Enough stock to place every order; it is cut down once every card is authorised.
  product = await addProduct(shop.db, { name: 'Marking gauge', priceCents: 1500, minQuantity: 1, availQuantity: 1000 });
  orders = await Promise.all(
    Array.from({ length: orderCount }, async (_, index) => {
      const owner = customers[index % customers.length]!;
      const order = await placeOrder(shop.app, owner, product.id, quantity);
      return { id: order._id, owner, transactionId: await authorisedPayment(shop.app, owner, order._id) };
    }),
  );
  await setStock(shop.db, product.id, initialStock);
  // Fifty orders placed and authorised through the API: more than the default hook time on a busy machine.
}, 120_000);
afterAll(() => shop?.close());

describe(`${orderCount} simultaneous payments against stock for ${covered} of them (${testDialect})`, () => {
  it('pays exactly as many orders as the stock covers, refuses the rest with 409 and charges none of them', async () => {
    const payments = await shop.db.selectFrom('local_payment_intents').select(['id', 'status']).execute();
    expect(payments).toHaveLength(orderCount);
    expect(payments.every((payment) => payment.status === 'requires_capture')).toBe(true);

    const responses = await Promise.all(orders.map((order) => confirmPayment(shop.app, order.owner, order.id, order.transactionId)));

    const paid = orders.filter((_, index) => responses[index]!.statusCode === 200);
    const refused = orders.filter((_, index) => responses[index]!.statusCode !== 200);
    expect(paid).toHaveLength(covered);
    for (const [index, res] of responses.entries()) {
      if (res.statusCode === 200) {
        expect(res.json()).toMatchObject({ _id: orders[index]!.id, paymentStatus: 'paid', transactionId: orders[index]!.transactionId, shippingStatus: 'pending' });
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ code: 'OUT_OF_STOCK', message: 'There is no longer enough Marking gauge in stock for this order. Your card has not been charged.' });
      }
    }

    // The stock fell by exactly what was paid for, and never below zero.
    const finalStock = await stockOf(shop.db, product.id);
    expect(finalStock).toBe(initialStock - covered * quantity);
    expect(finalStock).toBeGreaterThanOrEqual(0);
    const shown = (await call(shop.app, 'GET', `/api/products/${product.id}`)).json();
    expect(shown.availQuantity).toBe(finalStock);

    // What each customer sees in My Orders matches the answers they got.
    const seen = (
      await Promise.all(customers.map(async (customer) => (await call(shop.app, 'GET', `/api/orders/${encodeURIComponent(customer.email)}?limit=100`, customer)).json()))
    ).flat() as { _id: string; paymentStatus: string; transactionId?: string }[];
    expect(seen).toHaveLength(orderCount);
    const paidIds = new Set(paid.map((order) => order.id));
    for (const order of seen) {
      expect(order.paymentStatus, order._id).toBe(paidIds.has(order._id) ? 'paid' : 'unpaid');
      if (!paidIds.has(order._id)) expect(order.transactionId).toBeUndefined();
    }

    // Captured exactly for the paid orders; the refused ones' authorisations were cancelled.
    const statusById = new Map((await shop.db.selectFrom('local_payment_intents').select(['id', 'status']).execute()).map((row) => [row.id, row.status]));
    for (const order of paid) expect(statusById.get(order.transactionId)).toBe('succeeded');
    for (const order of refused) expect(statusById.get(order.transactionId)).toBe('canceled');

    // No order is paid without the stock for it: paid quantities add up to what left the shelf.
    const paidRows = await shop.db.selectFrom('orders').select(['quantity']).where('product_id', '=', product.id).where('payment_status', '=', 'paid').execute();
    expect(paidRows.reduce((sum, row) => sum + row.quantity, 0)).toBe(initialStock - finalStock);
  });

  it('refuses the rest again, even once the stock is back, unless they are authorised afresh (their payments were cancelled)', async () => {
    await setStock(shop.db, product.id, 1000);
    const unpaid = await shop.db.selectFrom('orders').select('id').where('payment_status', '=', 'unpaid').execute();
    const retry = orders.find((order) => order.id === unpaid[0]!.id)!;
    const res = await confirmPayment(shop.app, retry.owner, retry.id, retry.transactionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_NOT_CONFIRMED');

    const fresh = await authorisedPayment(shop.app, retry.owner, retry.id);
    const paid = await confirmPayment(shop.app, retry.owner, retry.id, fresh);
    expect(paid.statusCode).toBe(200);
    expect(await stockOf(shop.db, product.id)).toBe(1000 - quantity);
  });
});
