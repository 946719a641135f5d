import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/schemas/orders.ts';
import type { ProductsReport, SalesReport, TaxReport } from '../../../common/schemas/reports.ts';
import { parseCsv } from '../../csv.ts';
import { recountOrderFigures } from '../../db/order-figures-recount.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { delivery } from '../../test/cart-checkout.ts';
import { addDiscountCode, californiaAddress, newYorkAddress, phone, setUpCharges } from '../../test/charges.ts';
import { fillCart, type ThreeTools } from '../../test/multi-line-orders.ts';
import { addProduct, readOrder } from '../../test/ordering.ts';
import { payOrder } from '../../test/paid-order.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Issue 28's sales reports (ADR 041): figures kept per UTC day by each payment and refund, read by
 * range, compared with the previous range, grouped by day, week or month, by product and category,
 * and by tax destination and rate; each as CSV; admins only.
 *
 * The shop's story, on its test clock: on 6 October order A is paid (3 chisels, 1 mallet, 2 planes,
 * $487.50, delivered in Illinois, no tax, free shipping). On 3 November order B, the same, is paid,
 * and on 4 November two of its chisels are refunded ($49). On 10 November order C, the same, is paid,
 * and on 12 November refunded in full by amount. In December, taxed orders go to California (with a
 * 10 % code) and New York, and the New York one is refunded $20 the next day.
 */
let people: ShopWithPeople;
let clock: TestClock;
let tools: ThreeTools;
const app = () => people.shop.app;
const db = () => people.shop.db;

/** Moves the shop's clock to `iso` (each step of the story happens on its own day). */
const at = (iso: string) => clock.advance(Date.parse(iso) - clock().getTime());

/** A paid order of the three tools, placed and paid at `iso` by a customer of its own, delivered in Illinois. */
async function paidThreeTools(iso: string): Promise<{ order: Order; buyer: TestAccount }> {
  at(iso);
  const buyer = await signUp(app(), 'Carol Customer');
  await fillCart(app(), clock, buyer, [
    [tools.chisel, 3],
    [tools.mallet, 1],
    [tools.plane, 2],
  ]);
  const res = await call(app(), 'POST', '/api/cart/checkout', buyer, delivery);
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const placed = res.json<Order>();
  await payOrder(app(), buyer, placed._id);
  return { order: await readOrder(app(), buyer, placed._id), buyer };
}

/** A paid Buy Now order of `quantity` of a tool to `shippingAddress`, at `iso`. */
async function paidBuyNow(iso: string, productId: string, quantity: number, shippingAddress: object, discountCode?: string): Promise<Order> {
  at(iso);
  const buyer = await signUp(app(), 'Taxed Customer');
  const res = await call(app(), 'POST', '/api/orders', buyer, { productId, quantity, phone, shippingAddress, ...(discountCode && { discountCode }) });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  await payOrder(app(), buyer, res.json<Order>()._id);
  return readOrder(app(), buyer, res.json<Order>()._id);
}

async function refund(iso: string, order: Order, body: object): Promise<void> {
  at(iso);
  const res = await call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, { reason: 'Returned unused', idempotencyKey: randomUUID(), restock: 0, ...body });
  if (res.statusCode !== 201) throw new Error(`refund: ${res.statusCode} ${res.body}`);
}

let california: Order;
let newYork: Order;

beforeAll(async () => {
  clock = createTestClock('2026-10-01T09:00:00.000Z');
  people = await createShopWithPeople({ clock, jobs: { startRunner: false } });
  tools = {
    chisel: await addProduct(db(), { name: 'Bevel-edge chisel', priceCents: 2450, minQuantity: 1, availQuantity: 400, category: 'chisels' }),
    mallet: await addProduct(db(), { name: 'Joiner’s mallet', priceCents: 6400, minQuantity: 1, availQuantity: 300, category: 'mallets-and-hammers' }),
    plane: await addProduct(db(), { name: 'Smoothing plane', priceCents: 17500, minQuantity: 1, availQuantity: 100, category: 'planes' }),
  };
  await setUpCharges(app(), people.admin);
  await addDiscountCode(app(), people.admin, { code: 'TENOFF', kind: 'percent', value: 10 });

  await paidThreeTools('2026-10-06T10:00:00.000Z');
  const b = await paidThreeTools('2026-11-03T10:00:00.000Z');
  await refund('2026-11-04T10:00:00.000Z', b.order, { lines: [{ lineId: b.order.lines[0]!.lineId, quantity: 2 }], restock: true });
  const c = await paidThreeTools('2026-11-10T23:30:00.000Z');
  await refund('2026-11-12T10:00:00.000Z', c.order, { amount: 487.5 });

  california = await paidBuyNow('2026-12-01T10:00:00.000Z', tools.chisel.id, 2, californiaAddress, 'TENOFF');
  newYork = await paidBuyNow('2026-12-01T11:00:00.000Z', tools.mallet.id, 1, newYorkAddress);
  await refund('2026-12-02T10:00:00.000Z', newYork, { amount: 20 });
}, 180_000);
afterAll(() => people?.shop.close());

async function report<T>(url: string): Promise<T> {
  const res = await call(app(), 'GET', url, people.admin);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

const november = 'from=2026-11-01&to=2026-11-30';

describe(`GET /api/reports/sales (${testDialect})`, () => {
  it('adds up November against October: payments on their day, refunds (partial and full) on theirs', async () => {
    const sales = await report<SalesReport>(`/api/reports/sales?${november}&interval=week`);
    expect(sales.previous).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // B and C paid ($975); $49 and $487.50 refunded; 12 pieces paid, 2 and then all 6 of C's refunded.
    expect(sales.totals).toEqual({ grossSales: 975, refunds: 536.5, netRevenue: 438.5, orders: 2, averageOrderValue: 219.25, units: 4 });
    expect(sales.previousTotals).toEqual({ grossSales: 487.5, refunds: 0, netRevenue: 487.5, orders: 1, averageOrderValue: 487.5, units: 6 });
    expect(sales.change).toEqual({ netRevenue: -10.1, orders: 100, averageOrderValue: -55.0, units: -33.3 });
  });

  it('cuts the range into weeks from Monday, cut to the range, each beside the week at its place before', async () => {
    const sales = await report<SalesReport>(`/api/reports/sales?${november}&interval=week`);
    expect(sales.periods.map((period) => [period.start, period.end])).toEqual([
      ['2026-11-01', '2026-11-01'],
      ['2026-11-02', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-16', '2026-11-22'],
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-11-30'],
    ]);
    expect(sales.periods[1]?.figures).toEqual({ grossSales: 487.5, refunds: 49, netRevenue: 438.5, orders: 1, averageOrderValue: 438.5, units: 4 });
    // C paid on the 10th (23:30 UTC) and refunded in full on the 12th: nothing left of it.
    expect(sales.periods[2]?.figures).toEqual({ grossSales: 487.5, refunds: 487.5, netRevenue: 0, orders: 1, averageOrderValue: 0, units: 0 });
    // October's first week holds A (paid on the 6th).
    expect(sales.periods[1]?.previous).toEqual({ start: '2026-10-05', end: '2026-10-11', figures: expect.objectContaining({ netRevenue: 487.5, orders: 1, units: 6 }) });
  });

  it('groups by UTC day and by month', async () => {
    const byDay = await report<SalesReport>(`/api/reports/sales?${november}&interval=day`);
    expect(byDay.periods).toHaveLength(30);
    expect(
      byDay.periods
        .filter((period) => period.figures.grossSales > 0 || period.figures.refunds > 0)
        .map((period) => [period.start, period.figures.netRevenue, period.figures.units]),
    ).toEqual([
      ['2026-11-03', 487.5, 6],
      ['2026-11-04', -49, -2],
      ['2026-11-10', 487.5, 6],
      ['2026-11-12', -487.5, -6],
    ]);
    const byMonth = await report<SalesReport>('/api/reports/sales?from=2026-10-01&to=2026-12-31&interval=month');
    expect(byMonth.periods.map((period) => [period.start, period.end, period.figures.orders, period.figures.netRevenue])).toEqual([
      ['2026-10-01', '2026-10-31', 1, 487.5],
      ['2026-11-01', '2026-11-30', 2, 438.5],
      ['2026-12-01', '2026-12-31', 2, california.price + newYork.price - 20],
    ]);
    expect(byMonth.previous).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(byMonth.previousTotals.orders).toBe(0);
    expect(byMonth.change.netRevenue).toBeNull();
  });

  it('compares a range not starting on the 1st with as many days just before', async () => {
    const sales = await report<SalesReport>('/api/reports/sales?from=2026-11-03&to=2026-11-09&interval=day');
    expect(sales.previous).toEqual({ from: '2026-10-27', to: '2026-11-02' });
  });
});

describe(`GET /api/reports/products (${testDialect})`, () => {
  it('ranks the best sellers by units and by revenue without tax, net of refunded pieces, and adds up the categories', async () => {
    const products = await report<ProductsReport>(`/api/reports/products?${november}`);
    // B: 1 chisel (2 of 3 refunded), 1 mallet, 2 planes; C: everything refunded.
    const plane = { productId: tools.plane.id, product: 'Smoothing plane', units: 2, revenue: 350 };
    const mallet = { productId: tools.mallet.id, product: 'Joiner’s mallet', units: 1, revenue: 64 };
    const chisel = { productId: tools.chisel.id, product: 'Bevel-edge chisel', units: 1, revenue: 24.5 };
    expect(products.byUnits[0]).toEqual(plane);
    expect(products.byUnits.slice(1)).toEqual(expect.arrayContaining([mallet, chisel]));
    expect(products.byRevenue).toEqual([plane, mallet, chisel]);
    expect(products.categories).toEqual([
      { category: 'planes', name: 'Planes', units: 2, revenue: 350 },
      { category: 'mallets-and-hammers', name: 'Mallets & hammers', units: 1, revenue: 64 },
      { category: 'chisels', name: 'Chisels', units: 1, revenue: 24.5 },
    ]);
  });

  it('counts a line’s revenue after its discount and without its tax', async () => {
    const products = await report<ProductsReport>('/api/reports/products?from=2026-12-01&to=2026-12-31');
    const line = california.lines[0]!;
    expect(products.byRevenue.find((product) => product.productId === tools.chisel.id)).toEqual({
      productId: tools.chisel.id,
      product: 'Bevel-edge chisel',
      units: 2,
      revenue: Math.round((line.total - line.tax) * 100) / 100,
    });
  });
});

describe(`GET /api/reports/tax (${testDialect})`, () => {
  it('gives the tax per destination and rate, with shipping and discounts, and the refunded share of tax', async () => {
    const tax = await report<TaxReport>('/api/reports/tax?from=2026-12-01&to=2026-12-31');
    expect(california.totals.discount).toBeGreaterThan(0);
    expect(california.totals.tax).toBeGreaterThan(0);
    const cents = (dollars: number) => Math.round(dollars * 100);
    // The $20 refund's tax is its share of the order's tax, rounded down.
    const refundedTaxCents = Math.floor((2000 * cents(newYork.totals.tax)) / cents(newYork.price));
    expect(tax.rows).toEqual([
      {
        country: 'US',
        region: 'US-CA',
        collected: false,
        rate: 7.25,
        orders: 1,
        taxableSales: (cents(california.price) - cents(california.totals.tax)) / 100,
        tax: california.totals.tax,
        refundedTax: 0,
        netTax: california.totals.tax,
        shipping: california.totals.shipping,
        discounts: california.totals.discount,
      },
      {
        country: 'US',
        region: 'US-NY',
        collected: false,
        rate: 8.875,
        orders: 1,
        taxableSales: (cents(newYork.price) - cents(newYork.totals.tax) - (2000 - refundedTaxCents)) / 100,
        tax: newYork.totals.tax,
        refundedTax: refundedTaxCents / 100,
        netTax: (cents(newYork.totals.tax) - refundedTaxCents) / 100,
        shipping: newYork.totals.shipping,
        discounts: 0,
      },
    ]);
    expect(tax.totals.orders).toBe(2);
    expect(tax.totals.shipping).toBe((cents(california.totals.shipping) + cents(newYork.totals.shipping)) / 100);
    expect(tax.totals.discounts).toBe(california.totals.discount);
  });

  it('puts untaxed sales under their destination at rate 0, and a full refund gives back all of its order’s tax', async () => {
    const tax = await report<TaxReport>(`/api/reports/tax?${november}`);
    expect(tax.rows).toEqual([
      { country: 'US', region: 'US-IL', collected: false, rate: 0, orders: 2, taxableSales: 438.5, tax: 0, refundedTax: 0, netTax: 0, shipping: 0, discounts: 0 },
    ]);
  });
});

describe(`the reports as CSV (${testDialect})`, () => {
  it('answers each report as a CSV file named for its range', async () => {
    for (const name of ['sales', 'products', 'tax']) {
      const res = await call(app(), 'GET', `/api/reports/${name}.csv?${november}`, people.admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="joinery-${name}-2026-11-01-to-2026-11-30.csv"`);
    }
  });

  it('writes the sales per period beside the previous period, and the totals last', async () => {
    const res = await call(app(), 'GET', `/api/reports/sales.csv?${november}&interval=week`, people.admin);
    const rows = parseCsv(res.body);
    expect(rows[0]?.slice(0, 8)).toEqual(['Period start', 'Period end', 'Orders', 'Gross sales', 'Refunds', 'Net revenue', 'Average order value', 'Units']);
    expect(rows[2]).toEqual([
      '2026-11-02',
      '2026-11-08',
      '1',
      '487.50',
      '49.00',
      '438.50',
      '438.50',
      '4',
      '2026-10-05',
      '2026-10-11',
      '1',
      '487.50',
      '0.00',
      '487.50',
      '487.50',
      '6',
    ]);
    expect(rows.at(-1)?.slice(0, 8)).toEqual(['2026-11-01', '2026-11-30', '2', '975.00', '536.50', '438.50', '219.25', '4']);
  });

  it('writes products and categories, and tax per destination with its total', async () => {
    const products = parseCsv((await call(app(), 'GET', `/api/reports/products.csv?${november}`, people.admin)).body);
    expect(products).toEqual([
      ['Kind', 'Id', 'Name', 'Units', 'Revenue'],
      ['Product', tools.plane.id, 'Smoothing plane', '2', '350.00'],
      ['Product', tools.mallet.id, 'Joiner’s mallet', '1', '64.00'],
      ['Product', tools.chisel.id, 'Bevel-edge chisel', '1', '24.50'],
      ['Category', 'planes', 'Planes', '2', '350.00'],
      ['Category', 'mallets-and-hammers', 'Mallets & hammers', '1', '64.00'],
      ['Category', 'chisels', 'Chisels', '1', '24.50'],
    ]);
    const tax = parseCsv((await call(app(), 'GET', `/api/reports/tax.csv?${november}`, people.admin)).body);
    expect(tax.slice(1)).toEqual([
      ['US', 'US-IL', 'no', '0', '2', '438.50', '0.00', '0.00', '0.00', '0.00', '0.00'],
      ['Total', '', '', '', '2', '438.50', '0.00', '0.00', '0.00', '0.00', '0.00'],
    ]);
  });
});

describe(`the kept figures and a recount (${testDialect})`, () => {
  it('agree after the payments, partial refunds and full refund', async () => {
    const tables = ['sales_days', 'sales_product_days', 'sales_product_months', 'sales_product_years', 'sales_category_days', 'sales_tax_days'] as const;
    const snapshot = async () => {
      const all: Record<string, string[]> = {};
      for (const table of tables) {
        const rows = await db().selectFrom(table).selectAll().execute();
        // Bigints are text on PostgreSQL: compared as numbers, rows in a fixed order.
        all[table] = rows
          .map((row) => JSON.stringify(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value])))
          .sort();
      }
      return all;
    };
    const kept = await snapshot();
    expect(kept.sales_days!.length).toBeGreaterThan(5);
    await recountOrderFigures(db());
    expect(await snapshot()).toEqual(kept);
  });
});

describe('who may read the reports, and what ranges', () => {
  const urls = ['/api/reports/sales', '/api/reports/sales.csv', '/api/reports/products', '/api/reports/products.csv', '/api/reports/tax', '/api/reports/tax.csv'];

  it('answers 401 to a visitor and 403 to a customer', async () => {
    const customer = await signUp(app(), 'Curious Customer');
    for (const url of urls) {
      expect((await call(app(), 'GET', `${url}?${november}`)).statusCode, url).toBe(401);
      expect((await call(app(), 'GET', `${url}?${november}`, customer)).statusCode, url).toBe(403);
    }
  });

  it.each([
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', 'A date such as 2026-11-27'],
    ['a range that ends before it starts', 'from=2026-11-30&to=2026-11-01', 'The range must end on or after the day it starts'],
    ['more than three years', 'from=2020-01-01&to=2026-11-30&interval=month', 'A report covers at most three years: choose a shorter range'],
    ['more than a year by day', 'from=2025-01-01&to=2026-11-30&interval=day', 'By day, a report covers at most a year: choose week or month for a longer range'],
  ])('refuses %s with a 400 that says why', async (_what, query, message) => {
    const res = await call(app(), 'GET', `/api/reports/sales?${query}`, people.admin);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });
});
