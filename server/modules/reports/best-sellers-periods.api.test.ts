import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '../../../common/money.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { ProductSales, ProductsReport } from '../../../common/schemas/reports.ts';
import { createShopWithPeople, type ShopWithPeople, signUp } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { delivery } from '../../test/cart-checkout.ts';
import { setUpCharges } from '../../test/charges.ts';
import { addProduct, readOrder } from '../../test/ordering.ts';
import { payOrder } from '../../test/paid-order.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import { testDialect } from '../../test/test-database.ts';
import { keptPeriodsOf } from './kept-periods.ts';
import { createReportRepository } from './report-repository.ts';

/**
 * Best sellers read from the figures kept per month and year (ADR 041) answer exactly what adding up
 * the days would: for a whole month or year (read from its ranking index), for this month and this
 * year up to today, and for ranges cut into years, months and days, over payments and refunds that
 * cross month and year ends (a sale refunded the next month, and the next year).
 */
let people: ShopWithPeople;
let clock: TestClock;
const app = () => people.shop.app;
const db = () => people.shop.db;
const today = '2027-01-20';

/** Moves the shop's clock on to `iso`. */
const at = (iso: string) => clock.advance(Date.parse(iso) - clock().getTime());

async function paid(iso: string, productId: string, quantity: number): Promise<Order> {
  at(iso);
  const buyer = await signUp(app(), 'Carol Customer');
  const res = await call(app(), 'POST', '/api/orders', buyer, { productId, quantity, ...delivery });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  await payOrder(app(), buyer, res.json<Order>()._id);
  return readOrder(app(), buyer, res.json<Order>()._id);
}

async function refund(iso: string, order: Order, body: object): Promise<void> {
  at(iso);
  const res = await call(app(), 'POST', `/api/orders/${order._id}/refunds`, people.admin, { reason: 'Returned unused', idempotencyKey: randomUUID(), restock: 0, ...body });
  if (res.statusCode !== 201) throw new Error(`refund: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  clock = createTestClock('2026-11-01T09:00:00.000Z');
  people = await createShopWithPeople({ clock, jobs: { startRunner: false } });
  const add = (name: string, priceCents: number) => addProduct(db(), { name, priceCents, minQuantity: 1, availQuantity: 500, category: 'chisels' });
  const [chisel, gouge, plane, rasp] = [await add('Bevel-edge chisel', 1000), await add('Spoon gouge', 2500), await add('Block plane', 4000), await add('Cabinet rasp', 700)];
  const gauge = await add('Marking gauge', 1800);
  await setUpCharges(app(), people.admin);

  const four = await paid('2026-11-20T10:00:00.000Z', chisel.id, 4);
  await paid('2026-11-30T23:30:00.000Z', gouge.id, 2);
  await paid('2026-12-01T00:10:00.000Z', plane.id, 1);
  // November's chisels refunded in full, by amount, in December.
  await refund('2026-12-02T10:00:00.000Z', four, { amount: four.price });
  // A gauge sold under two names: a range's name for it is the greatest of its days'.
  await paid('2026-12-30T10:00:00.000Z', gauge.id, 1);
  await db().updateTable('products').set({ name: 'Wheel marking gauge' }).where('id', '=', gauge.id).execute();
  await paid('2026-12-31T10:00:00.000Z', gauge.id, 1);
  const lastOfYear = await paid('2026-12-31T23:30:00.000Z', gouge.id, 3);
  const firstOfYear = await paid('2027-01-01T00:05:00.000Z', rasp.id, 5);
  // Two of the year's last gouges come back in the new year.
  await refund('2027-01-02T10:00:00.000Z', lastOfYear, { lines: [{ lineId: lastOfYear.lines[0]!.lineId, quantity: 2 }], restock: true });
  await paid('2027-01-15T10:00:00.000Z', chisel.id, 2);
  await paid('2027-01-15T11:00:00.000Z', plane.id, 2);
  await paid(`${today}T08:00:00.000Z`, rasp.id, 1);
  await refund(`${today}T09:00:00.000Z`, firstOfYear, { lines: [{ lineId: firstOfYear.lines[0]!.lineId, quantity: 1 }], restock: true });
}, 180_000);
afterAll(() => people?.shop.close());

/** The best sellers as adding up the days of the range gives them: the ranking to agree with. */
async function fromDays(from: string, to: string, by: 'units' | 'revenue'): Promise<ProductSales[]> {
  const units = sql<number | string>`sum(units - refunded_units)`;
  const revenue = sql<number | string>`sum(revenue_cents - refunded_cents)`;
  const rows = await db()
    .selectFrom('sales_product_days')
    .select(['product_id', sql<string>`max(product)`.as('product'), units.as('units'), revenue.as('revenue')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('product_id')
    .orderBy(by === 'units' ? units : revenue, 'desc')
    .orderBy('product_id')
    .execute();
  return rows.map((row) => ({ productId: row.product_id, product: row.product, units: Number(row.units), revenue: centsToDollars(Number(row.revenue)) }));
}

async function bestSellers(from: string, to: string): Promise<ProductsReport> {
  const res = await call(app(), 'GET', `/api/reports/products?from=${from}&to=${to}`, people.admin);
  if (res.statusCode !== 200) throw new Error(`products: ${res.statusCode} ${res.body}`);
  return res.json<ProductsReport>();
}

describe(`best sellers from the months and years kept (${testDialect})`, () => {
  const ranges: [string, string, string][] = [
    ['a past month', '2026-11-01', '2026-11-30'],
    ['a month that refunds an earlier month’s sale', '2026-12-01', '2026-12-31'],
    ['a past year', '2026-01-01', '2026-12-31'],
    ['this month (and year) so far', '2027-01-01', today],
    ['this year, to its end', '2027-01-01', '2027-12-31'],
    ['the last 30 days', '2026-12-22', today],
    ['days, a month, days', '2026-11-15', '2027-01-05'],
    ['days across a month’s end', '2026-11-25', '2026-12-05'],
    ['days across the year’s end', '2026-12-31', '2027-01-01'],
    ['an empty month, a year and this year', '2025-12-01', '2027-01-31'],
    ['days, a month, a year and days', '2025-11-15', '2027-01-05'],
    ['a month after today', '2027-02-01', '2027-02-28'],
    // ADR 055: a month beside a few days looks up what the days sold in the month's figures ...
    ['a month and the days before it', '2026-11-28', '2026-12-31'],
    ['a month and the days after it, in the next year', '2026-12-01', '2027-01-02'],
    ['a year and the days after it', '2026-01-01', '2027-01-02'],
    // ... beside a third as many days or more it is added up as days, like a range with no whole month.
    ['a month beside many days', '2026-11-20', '2026-12-31'],
    ['days across a month’s end, the name changed', '2026-12-29', '2027-01-03'],
  ];

  it.each(ranges)('rank %s as adding up its days does', async (_name, from, to) => {
    const report = await bestSellers(from, to);
    expect(report.byUnits).toEqual(await fromDays(from, to, 'units'));
    expect(report.byRevenue).toEqual(await fromDays(from, to, 'revenue'));
  });

  it('net out refunds made in a later month or year', async () => {
    expect((await bestSellers('2026-12-01', '2026-12-31')).byUnits.map((item) => [item.product, item.units])).toEqual([
      ['Spoon gouge', 3],
      ['Wheel marking gauge', 2],
      ['Block plane', 1],
      ['Bevel-edge chisel', -4],
    ]);
    // The rasps sold less the one refunded today; the gouges sold last year and refunded this one.
    const january = (await bestSellers('2027-01-01', today)).byUnits.map((item) => [item.product, item.units]);
    expect(january[0]).toEqual(['Cabinet rasp', 5]);
    expect(january.slice(1, 3)).toEqual(
      expect.arrayContaining([
        ['Bevel-edge chisel', 2],
        ['Block plane', 2],
      ]),
    );
    expect(january.slice(3)).toEqual([['Spoon gouge', -2]]);
  });

  it('read a whole month by its index (SQLite: its ranking index, with no sort), and a cut range from the days’ index, without the orders', async () => {
    const reports = (database: Parameters<typeof createReportRepository>[0]) => createReportRepository(database);
    const plans = await queryPlansOf(people.shop.database, (database) => reports(database).bestSellers(keptPeriodsOf('2026-12-01', '2026-12-31', today), 50));
    expect(plans).toHaveLength(2);
    if (testDialect === 'sqlite') {
      expect(plans[0]).toMatch(/SEARCH sales_product_months USING INDEX sales_product_months_units_idx/);
      expect(plans[1]).toMatch(/SEARCH sales_product_months USING INDEX sales_product_months_revenue_cents_idx/);
      for (const plan of plans) expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      // On a test's three rows PostgreSQL rightly sorts what one index finds; at scale it reads the ranking index.
      for (const plan of plans) expect(plan).toMatch(/Index Cond: \(month = '2026-12'::text\)/);
    }
    const [cut] = await queryPlansOf(people.shop.database, (database) => reports(database).bestSellers(keptPeriodsOf('2026-11-15', '2027-01-05', today), 50));
    expect(cut).not.toMatch(/ on orders\b|SCAN orders\b/);
    // Its days' rows are read from the index that holds their figures (migration 040), not from the table
    // (PostgreSQL reads a test's rows, written just now, by that index too, but from the index alone only
    // once a vacuum has marked their pages all visible, as it has at scale).
    expect(cut).toMatch(testDialect === 'sqlite' ? /USING COVERING INDEX sales_product_days_figures_idx/ : /(Index Only Scan using|Index Scan on) sales_product_days_figures_idx/);
    expect(cut).not.toMatch(/SCAN sales_product_days\b|Seq Scan on sales_product_days\b/);
  });
});
