import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import type { ProductsReport, SalesReport, TaxReport } from '../../../common/schemas/reports.ts';
import { recountOrderFigures } from '../../db/order-figures-recount.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { californiaAddress, phone, setUpCharges } from '../../test/charges.ts';
import { addProduct, confirmPayment, readOrder, type TestProduct } from '../../test/ordering.ts';
import { authorisedPayment, payOrder } from '../../test/paid-order.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * The kept figures stay exact when 50 payments, then 20 refunds, arrive at once: each adds to the
 * same day's rows by one upsert, which PostgreSQL applies one transaction after another.
 */
let people: ShopWithPeople;
const app = () => people.shop.app;
let chisel: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople();
  await setUpCharges(app(), people.admin);
  chisel = await addProduct(people.shop.db, { name: 'Paring chisel', priceCents: 3333, minQuantity: 1, availQuantity: 10_000, weightGrams: 300, category: 'chisels' });
});
afterAll(() => people.shop.close());

async function placed(who: TestAccount, quantity: number): Promise<Order> {
  const res = await call(app(), 'POST', '/api/orders', who, { productId: chisel.id, quantity, phone, shippingAddress: californiaAddress });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<Order>();
}

/** The admin refunds one piece of the order's first line, restocked. */
const refundOnePiece = (order: Order) =>
  call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, {
    lines: [{ lineId: order.lines[0]!.lineId, quantity: 1 }],
    reason: 'Returned unused',
    restock: true,
    idempotencyKey: randomUUID(),
  });

const cents = (dollars: number) => Math.round(dollars * 100);

describe(`the sales figures under a crowd (${testDialect})`, () => {
  it('count every one of 50 payments and 20 refunds made at once, as a recount does', { timeout: 180_000 }, async () => {
    const customers: TestAccount[] = [];
    for (let index = 0; index < 50; index += 1) customers.push(await signUp(app(), `Crowd Customer ${index}`));
    const orders = await Promise.all(customers.map((customer, index) => placed(customer, 1 + (index % 3))));
    await Promise.all(orders.map((order, index) => payOrder(app(), customers[index]!, order._id)));
    const refunds = await Promise.all(orders.slice(0, 20).map(refundOnePiece));
    for (const refund of refunds) expect(refund.statusCode, refund.body).toBe(201);
    const paid = await Promise.all(orders.map((order, index) => readOrder(app(), customers[index]!, order._id)));

    // Yesterday too, for a run that crosses midnight (UTC).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(-1)}&to=${day(0)}`;
    const sales = (await call(app(), 'GET', `/api/reports/sales?${range}`, people.admin)).json<SalesReport>();
    const grossCents = paid.reduce((sum, order) => sum + cents(order.price), 0);
    const refundedCents = paid.reduce((sum, order) => sum + cents(order.refundedAmount ?? 0), 0);
    const pieces = paid.reduce((sum, order) => sum + order.quantity, 0);
    expect(refundedCents).toBeGreaterThan(0);
    expect(sales.totals).toMatchObject({
      orders: 50,
      grossSales: grossCents / 100,
      refunds: refundedCents / 100,
      netRevenue: (grossCents - refundedCents) / 100,
      units: pieces - 20,
    });

    const products = (await call(app(), 'GET', `/api/reports/products?${range}`, people.admin)).json<ProductsReport>();
    expect(products.byUnits).toEqual([{ productId: chisel.id, product: 'Paring chisel', units: pieces - 20, revenue: ((pieces - 20) * 3333) / 100 }]);

    const tax = (await call(app(), 'GET', `/api/reports/tax?${range}`, people.admin)).json<TaxReport>();
    expect(tax.totals).toMatchObject({ orders: 50, tax: paid.reduce((sum, order) => sum + cents(order.totals.tax), 0) / 100 });

    const tables = ['sales_days', 'sales_product_days', 'sales_product_months', 'sales_product_years', 'sales_category_days', 'sales_tax_days'] as const;
    const snapshot = async () =>
      Promise.all(
        tables.map((table) =>
          people.shop.db
            .selectFrom(table)
            .selectAll()
            .execute()
            // Each row as text, in a fixed order: the tables are keyed by a day, month or year first.
            .then((rows) => rows.map((row) => JSON.stringify(row)).sort()),
        ),
      );
    const kept = await snapshot();
    await recountOrderFigures(people.shop.db);
    expect(await snapshot()).toEqual(kept);
  });

  // On PostgreSQL a payment's figures and the counts of orders are written at the commit, a refund's
  // figures in its transaction and its counts at the commit: both take the figures' rows before the
  // counts' (ADR 065), or a payment and a refund could each hold what the other waits for.
  it('take 30 payments and 20 refunds arriving together, none failed and none waiting for another for ever', { timeout: 180_000 }, async () => {
    const customers: TestAccount[] = [];
    for (let index = 0; index < 50; index += 1) customers.push(await signUp(app(), `Mixed Customer ${index}`));
    const orders = await Promise.all(customers.map((customer) => placed(customer, 2)));
    await Promise.all(orders.slice(0, 20).map((order, index) => payOrder(app(), customers[index]!, order._id)));
    // Taken at once by the processor (as an automatic capture is), so that one transaction marks each
    // order paid, counts it and adds its figures: authorised, and captured at the processor, before
    // the shop confirms them together with the refunds.
    const captured = await Promise.all(
      orders.slice(20).map(async (order, index) => {
        const transactionId = await authorisedPayment(app(), customers[20 + index]!, order._id);
        await people.shop.db.updateTable('local_payment_intents').set({ status: 'succeeded' }).where('id', '=', transactionId).execute();
        return transactionId;
      }),
    );
    const [refunds, payments] = await Promise.all([
      Promise.all(orders.slice(0, 20).map(refundOnePiece)),
      Promise.all(orders.slice(20).map((order, index) => confirmPayment(app(), customers[20 + index], order._id, captured[index]))),
    ]);
    for (const refund of refunds) expect(refund.statusCode, refund.body).toBe(201);
    for (const payment of payments) expect(payment.statusCode, payment.body).toBe(200);
    const paid = await Promise.all(orders.map((order, index) => readOrder(app(), customers[index]!, order._id)));
    expect(paid.every((order) => order.paymentStatus === 'paid')).toBe(true);
    expect(paid.filter((order) => (order.refundedAmount ?? 0) > 0)).toHaveLength(20);
  });
});
