import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../../common/schemas/overview.ts';
import { systemClock } from '../../clock.ts';
import { createShopWithPeople, signIn, type TestAccount } from '../../test/accounts.ts';
import { createAppAt, type AppAt } from '../../test/app-at.ts';
import { addProduct } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { addOrder } from '../../test/shop-records.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createOverviewRepository } from './overview-repository.ts';
import { call, type Caller } from '../../test/call.ts';

/**
 * The admin's overview: the last 30 UTC days of sales, orders by status, products low in stock.
 * The figures come from a second server process on the same database whose clock reads
 * `now`, so that "today" and "31 days ago" are known days.
 */
const now = new Date('2026-11-21T15:30:00.000Z');
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let shopAtNow: AppAt;
let adminAtNow: TestAccount;
beforeAll(async () => {
  ({ shop, admin, carol } = await createShopWithPeople());
  shopAtNow = await createAppAt(shop.database, now, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  adminAtNow = await signIn(shopAtNow.app, admin.email, admin.password);
});
afterAll(async () => {
  await shopAtNow?.close();
  await shop?.close();
});

const overview = async (): Promise<Overview> => {
  const res = await call(shopAtNow.app, 'GET', '/api/overview', adminAtNow);
  if (res.statusCode !== 200) throw new Error(`overview: ${res.statusCode} ${res.body}`);
  return res.json<Overview>();
};

describe('GET /api/overview: who may call it', () => {
  const get = (who?: Caller) => call(shop.app, 'GET', '/api/overview', who);

  it('answers 401 to an anonymous caller', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' });
  });

  it('answers 403 to a customer', async () => {
    const res = await get(carol);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Only an admin may do this.' });
  });

  it('answers an admin with 30 days ending today, even with no orders and no products', async () => {
    // A shop of its own, empty whatever the other tests add to theirs.
    const empty = await createShopWithPeople();
    try {
      const res = await call(empty.shop.app, 'GET', '/api/overview', empty.admin);
      expect(res.statusCode).toBe(200);
      const body = res.json<Overview>();
      expect(body.days).toHaveLength(30);
      expect(body.days.at(-1)?.date).toBe(systemClock().toISOString().slice(0, 10));
      expect(body.ordersByStatus).toEqual({ notPaid: 0, pending: 0, shipped: 0, delivered: 0, cancelled: 0 });
      expect(body.lowStock).toEqual([]);
    } finally {
      await empty.shop.close();
    }
  });
});

describe('GET /api/overview: the figures', () => {
  beforeAll(async () => {
    const paid = (paidAt: string, priceCents: number, shippingStatus?: 'pending' | 'shipped' | 'delivered' | null) => addOrder(shop.db, { paidAt, priceCents, shippingStatus });
    await paid('2026-10-21T12:00:00.000Z', 70000); // 31 days ago: before the window
    await paid('2026-10-22T23:59:59.999Z', 80000, 'delivered'); // the last moment before the window
    await paid('2026-10-23T00:00:00.000Z', 1999); // the window's first moment
    const refundedInFull = await paid('2026-11-05T09:15:00.000Z', 1250, 'shipped');
    await shop.db.updateTable('orders').set({ refunded_cents: 1250 }).where('id', '=', refundedInFull.id).execute();
    await paid('2026-11-05T17:45:00.000Z', 2400, 'delivered');
    await paid('2026-11-10T10:00:00.000Z', 3000, null); // paid before shipping was tracked
    await paid('2026-11-21T00:00:00.000Z', 500); // today
    await paid('2026-11-21T15:29:00.000Z', 10001); // today, a minute ago
    await paid('2026-11-22T00:00:00.000Z', 90000); // tomorrow (a clock elsewhere running ahead)
    for (let i = 0; i < 3; i += 1) await addOrder(shop.db, { priceCents: 5000 });
    for (const cancel_reason of ['customer', 'expired'] as const) {
      const { id } = await addOrder(shop.db, { priceCents: 5000 });
      await shop.db.updateTable('orders').set({ cancelled_at: '2026-11-20T10:00:00.000Z', cancel_reason }).where('id', '=', id).execute();
    }
  });

  it('gives every one of the last 30 UTC days, oldest first, ending today', async () => {
    const { days } = await overview();
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-10-23');
    expect(days[29]?.date).toBe('2026-11-21');
    const dates = days.map((day) => Date.parse(day.date));
    expect(dates.slice(1).map((date, i) => date - (dates[i] ?? 0))).toEqual(Array(29).fill(24 * 60 * 60 * 1000));
  });

  it('adds up the revenue in dollars and the paid orders of each day by the time they were paid', async () => {
    const { days } = await overview();
    const withSales = days.filter((day) => day.paidOrders > 0);
    expect(withSales).toEqual([
      { date: '2026-10-23', revenue: 19.99, refunded: 0, paidOrders: 1 },
      { date: '2026-11-05', revenue: 36.5, refunded: 12.5, paidOrders: 2 },
      { date: '2026-11-10', revenue: 30, refunded: 0, paidOrders: 1 },
      { date: '2026-11-21', revenue: 105.01, refunded: 0, paidOrders: 2 },
    ]);
  });

  it('fills the days without sales with zeros, and leaves out orders paid before the window or after today', async () => {
    const { days } = await overview();
    const quiet = days.filter((day) => !['2026-10-23', '2026-11-05', '2026-11-10', '2026-11-21'].includes(day.date));
    expect(quiet).toHaveLength(26);
    for (const day of quiet) expect(day).toEqual({ date: day.date, revenue: 0, refunded: 0, paidOrders: 0 });
    const total = days.reduce((sum, day) => sum + day.paidOrders, 0);
    expect(total).toBe(6);
  });

  it('counts every order by status; a paid order without a shipping status counts as pending, a cancelled one apart', async () => {
    expect((await overview()).ordersByStatus).toEqual({ notPaid: 3, pending: 6, shipped: 1, delivered: 2, cancelled: 2 });
  });

  it('moves its window with the clock: a day later, the window starts a day later', async () => {
    const tomorrow = await createAppAt(shop.database, new Date('2026-11-22T00:00:00.000Z'));
    try {
      const adminTomorrow = await signIn(tomorrow.app, admin.email, admin.password);
      const { days } = (await call(tomorrow.app, 'GET', '/api/overview', adminTomorrow)).json<Overview>();
      expect(days[0]).toEqual({ date: '2026-10-24', revenue: 0, refunded: 0, paidOrders: 0 });
      expect(days[29]).toEqual({ date: '2026-11-22', revenue: 900, refunded: 0, paidOrders: 1 });
    } finally {
      await tomorrow.close();
    }
  });
});

describe('GET /api/overview: products low in stock', () => {
  it('lists products with fewer than 20 pieces above their minimum order, fewest first, ties by name', async () => {
    await addProduct(shop.db, { name: 'Oversold gouge', availQuantity: 1, minQuantity: 3 });
    await addProduct(shop.db, { name: 'Nineteen spare', availQuantity: 21, minQuantity: 2 });
    await addProduct(shop.db, { name: 'Twenty spare', availQuantity: 22, minQuantity: 2 });
    await addProduct(shop.db, { name: 'Plenty', availQuantity: 500, minQuantity: 1 });
    await addProduct(shop.db, { name: 'Tie beta', availQuantity: 12, minQuantity: 5 });
    await addProduct(shop.db, { name: 'Tie alpha', availQuantity: 17, minQuantity: 10 });
    await addProduct(shop.db, { name: 'At minimum', availQuantity: 4, minQuantity: 4 });

    expect((await overview()).lowStock).toEqual([
      { _id: expect.any(String), name: 'Oversold gouge', availQuantity: 1, minQuantity: 3 },
      { _id: expect.any(String), name: 'At minimum', availQuantity: 4, minQuantity: 4 },
      { _id: expect.any(String), name: 'Tie alpha', availQuantity: 17, minQuantity: 10 },
      { _id: expect.any(String), name: 'Tie beta', availQuantity: 12, minQuantity: 5 },
      { _id: expect.any(String), name: 'Nineteen spare', availQuantity: 21, minQuantity: 2 },
    ]);
  });

  it('lists at most 10', async () => {
    for (let i = 0; i < 8; i += 1) await addProduct(shop.db, { name: `Three spare ${i}`, availQuantity: 5, minQuantity: 2 });
    const names = (await overview()).lowStock.map((product) => product.name);
    expect(names).toEqual(['Oversold gouge', 'At minimum', ...Array.from({ length: 8 }, (_, i) => `Three spare ${i}`)]);
  });
});

describe('the overview queries', () => {
  const repository = (db: Parameters<typeof createOverviewRepository>[0]) => createOverviewRepository(db);

  it('read the 30 days’ sales from the days kept by the database, by their key, not from the orders', async () => {
    const [plan] = await queryPlansOf(shop.database, (db) => repository(db).salesByDay('2026-10-23', '2026-11-22'));
    expect(plan).toMatch(/SEARCH order_sales_days USING INDEX sqlite_autoindex_order_sales_days_1|Index Scan (using|on) order_sales_days_pkey/);
    expect(plan).not.toMatch(/ on orders\b|SCAN orders\b/);
  });

  it('read the counts by stage from the one row the database keeps, not from the orders', async () => {
    const [plan] = await queryPlansOf(shop.database, (db) => repository(db).stageCounts());
    expect(plan).toMatch(/SEARCH order_counts USING INTEGER PRIMARY KEY|Index Scan using order_counts_pkey/);
    expect(plan).not.toMatch(/ on orders\b|SCAN orders\b/);
  });
});
