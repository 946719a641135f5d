import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCursor } from '../../../common/pagination.ts';
import type { Order, OrderListStage } from '../../../common/schemas/orders.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { addProduct, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createTestClock } from '../../test/test-clock.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createOrderRepository, type OrderFilter } from './order-repository.ts';
import { call, type Caller } from '../../test/call.ts';
import { payOrder } from '../../test/paid-order.ts';

/**
 * Manage Orders' list: `GET /api/orders` at a stage, searched by order number, e-mail or name, newest
 * first and paged, for admins only; and an index behind each of those queries.
 */
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let oscar: TestAccount;
let mallet: TestProduct;
/** One order at each stage, placed a minute apart in this order. */
const at = {} as Record<'unpaid' | 'toShip' | 'shipped' | 'delivered' | 'cancelled' | 'expired' | 'refunded', Order>;

beforeAll(async () => {
  const clock = createTestClock('2026-11-20T09:00:00.000Z');
  ({ shop, admin, carol, oscar } = await createShopWithPeople({ clock }));
  mallet = await addProduct(shop.db, { name: 'Beech mallet', priceCents: 2400, minQuantity: 1, availQuantity: 1000 });
  const place = async (who: TestAccount, paid: boolean) => {
    clock.advance(60_000);
    const order = await placeOrder(shop.app, who, mallet.id, 1);
    if (paid) await payOrder(shop.app, who, order._id);
    return order;
  };
  const ship = (order: Order, body: object) => call(shop.app, 'PATCH', `/api/orders/${order._id}/shipping`, admin, body);

  at.unpaid = await place(carol, false);
  at.toShip = await place(oscar, true);
  at.shipped = await place(carol, true);
  await ship(at.shipped, { shippingStatus: 'shipped', carrier: 'UPS' });
  at.delivered = await place(oscar, true);
  await ship(at.delivered, { shippingStatus: 'shipped', carrier: 'DHL' });
  clock.advance(2 * 86_400_000);
  await ship(at.delivered, { shippingStatus: 'delivered' });
  // Cancelling and refunding are other operations' business; here the rows are set as they leave them.
  at.cancelled = await place(carol, false);
  await shop.db.updateTable('orders').set({ cancelled_at: '2026-11-20T10:00:00.000Z', cancel_reason: 'admin' }).where('id', '=', at.cancelled._id).execute();
  at.expired = await place(oscar, false);
  await shop.db.updateTable('orders').set({ cancelled_at: '2026-11-20T10:00:00.000Z', cancel_reason: 'expired' }).where('id', '=', at.expired._id).execute();
  at.refunded = await place(carol, true);
  await shop.db.updateTable('orders').set({ refunded_cents: 1000 }).where('id', '=', at.refunded._id).execute();
});
afterAll(() => shop?.close());

const list = (query: string, who: Caller = admin) => call(shop.app, 'GET', `/api/orders?${query}`, who);
const idsOf = (res: { json: () => Order[] }) => res.json().map((order) => order._id);
const newestFirst = (...orders: Order[]) => orders.map((order) => order._id).reverse();

describe('GET /api/orders?stage=', () => {
  const expected: Record<OrderListStage, () => Order[]> = {
    unpaid: () => [at.unpaid],
    // A partly refunded order waiting to be shipped is still to ship.
    'to-ship': () => [at.toShip, at.refunded],
    shipped: () => [at.shipped],
    delivered: () => [at.delivered],
    // Cancelled includes the orders that expired unpaid.
    cancelled: () => [at.cancelled, at.expired],
    refunded: () => [at.refunded],
  };

  it.each(Object.keys(expected) as OrderListStage[])('lists the %s orders only, newest first, with their count', async (stage) => {
    const res = await list(`stage=${stage}`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(newestFirst(...expected[stage]()));
    expect(res.headers['x-total-count']).toBe(String(expected[stage]().length));
  });

  it('lists every order without a stage, newest first', async () => {
    const res = await list('limit=100');
    expect(idsOf(res)).toEqual(newestFirst(...Object.values(at)));
    expect(res.headers['x-total-count']).toBe('7');
  });

  it('pages a stage with limit and offset, the total the same on every page', async () => {
    const first = await list('stage=cancelled&limit=1');
    const second = await list('stage=cancelled&limit=1&offset=1');
    const past = await list('stage=cancelled&limit=1&offset=2');
    expect([...idsOf(first), ...idsOf(second)]).toEqual(newestFirst(at.cancelled, at.expired));
    expect(idsOf(past)).toEqual([]);
    for (const res of [first, second, past]) expect(res.headers['x-total-count']).toBe('2');
  });
});

describe('GET /api/orders?after= and ?before=', () => {
  it('walks every order a page at a time after the last one seen, and back before the first, the total the same', async () => {
    const all = newestFirst(...Object.values(at));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page += 1) {
      const res = await list(`limit=2${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.headers['x-total-count']).toBe('7');
      const orders = res.json();
      seen.push(...orders.map((order: Order) => order._id));
      if (orders.length > 0) cursor = listCursor(orders.at(-1));
    }
    expect(seen).toEqual(all);

    const third = await list(`limit=2&after=${encodeURIComponent(listCursor(at.cancelled))}`);
    expect(idsOf(third)).toEqual(all.slice(3, 5));
    const backToSecond = await list(`limit=2&before=${encodeURIComponent(listCursor(third.json()[0]))}`);
    expect(idsOf(backToSecond)).toEqual(all.slice(1, 3));
    const pastTheStart = await list(`limit=2&before=${encodeURIComponent(listCursor(at.refunded))}`);
    expect(idsOf(pastTheStart)).toEqual([]);
  });

  it('walks a stage the same way', async () => {
    const first = await list('stage=cancelled&limit=1');
    const second = await list(`stage=cancelled&limit=1&after=${encodeURIComponent(listCursor(first.json()[0]))}`);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(newestFirst(at.cancelled, at.expired));
    expect(second.headers['x-total-count']).toBe('2');
  });

  it.each([
    ['a cursor that is not an order’s time and id', 'after=yesterday'],
    [
      'both cursors',
      `after=${encodeURIComponent('2026-11-20T09:00:00.000Z_00000000-0000-4000-8000-000000000000')}&before=${encodeURIComponent('2026-11-20T09:00:00.000Z_00000000-0000-4000-8000-000000000000')}`,
    ],
    ['a cursor and an offset', `offset=20&after=${encodeURIComponent('2026-11-20T09:00:00.000Z_00000000-0000-4000-8000-000000000000')}`],
  ])('refuses %s with 400', async (_what, query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});

describe('shipping times', () => {
  it("are the shop clock's: shipped when marked shipped, delivered when marked delivered", async () => {
    const [delivered] = (await list(`q=${at.delivered.orderNumber}`)).json();
    // Placed at 09:04, shipped at once, delivered two days later.
    expect(delivered).toMatchObject({ shippedAt: '2026-11-20T09:04:00.000Z', deliveredAt: '2026-11-22T09:04:00.000Z', carrier: 'DHL' });
  });
});

describe('GET /api/orders?q=', () => {
  it.each([
    ['its label', (order: Order) => order.orderNumber],
    ['its digits', (order: Order) => order.orderNumber.slice(2)],
    ['lower case without the dash', (order: Order) => ` j${order.orderNumber.slice(2)} `],
  ])('finds an order by its number written as %s', async (_how, written) => {
    const res = await list(`q=${encodeURIComponent(written(at.shipped))}`);
    expect(idsOf(res)).toEqual([at.shipped._id]);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('finds nothing for a number no order has', async () => {
    const res = await list('q=J-9999');
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it("finds a customer's orders by part of their e-mail, in any case", async () => {
    const part = oscar.email.split('@')[0]!.toUpperCase();
    const res = await list(`q=${encodeURIComponent(part)}&limit=100`);
    expect(idsOf(res)).toEqual(newestFirst(at.toShip, at.delivered, at.expired));
  });

  it("finds a customer's orders by part of their name, in any case, and together with a stage", async () => {
    expect(idsOf(await list('q=cAROL%20cust&limit=100'))).toEqual(newestFirst(at.unpaid, at.shipped, at.cancelled, at.refunded));
    expect(idsOf(await list('q=carol&stage=cancelled'))).toEqual([at.cancelled._id]);
    expect(idsOf(await list('q=oscar&stage=unpaid'))).toEqual([]);
  });

  it("takes LIKE's wildcards as the characters they are", async () => {
    for (const q of ['%', '_', 'carol%customer']) expect(idsOf(await list(`q=${encodeURIComponent(q)}`)), q).toEqual([]);
  });
});

describe('GET /api/orders: who and what is refused', () => {
  it('answers 401 to an anonymous caller and 403 to a customer, whatever they filter by', async () => {
    expect((await call(shop.app, 'GET', '/api/orders?stage=unpaid')).statusCode).toBe(401);
    for (const query of ['stage=to-ship', `q=${encodeURIComponent(carol.email)}`, `q=${at.unpaid.orderNumber}`]) {
      const res = await list(query, carol);
      expect(res.statusCode, query).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
  });

  it.each(['stage=lost', 'stage=expired', `q=${'x'.repeat(101)}`])('refuses %s with 400', async (query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});

describe('the queries behind the list', () => {
  const place = { createdAt: '2026-11-20T10:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' };
  const plansOf = (filter: OrderFilter, page: { after?: typeof place; before?: typeof place } = {}) =>
    queryPlansOf(shop.database, (db) => createOrderRepository(db).listAll(filter, { limit: 20, offset: 0, ...page }));
  // The page's own query, as the recorder also keeps it on its own: the read of the page whole, with
  // its lines (the plan that names order_lines), holds it as a subquery.
  const ordersPlans = (plans: string[]) => plans.filter((plan) => /\borders\b/.test(plan) && !plan.includes('order_counts') && !plan.includes('order_lines'));
  // A scan of the whole table: SQLite's SCAN without an index, PostgreSQL's Seq Scan.
  const wholeTable = /\bSCAN orders(?! USING)|Seq Scan/;
  const keptCount = /SEARCH order_counts USING INTEGER PRIMARY KEY|Index Scan using order_counts_pkey/;

  it.each([
    ['unpaid', 'orders_unpaid_idx'],
    ['to-ship', 'orders_shipping_stage_idx'],
    ['shipped', 'orders_shipping_stage_idx'],
    ['delivered', 'orders_shipping_stage_idx'],
    ['cancelled', 'orders_cancelled_idx'],
    ['refunded', 'orders_refunded_idx'],
  ] as const)('reads the %s orders from %s, after or before a place too, and takes their count from the kept one', async (stage, index) => {
    for (const page of [{}, { after: place }, { before: place }]) {
      const plans = await plansOf({ stage }, page);
      const [read, ...others] = ordersPlans(plans);
      expect(others).toEqual([]);
      expect(read).toContain(index);
      expect(read).not.toMatch(wholeTable);
      // On SQLite the page comes out of the index in order, nothing sorted afterwards. (PostgreSQL rightly
      // sorts a test's few rows rather than walk an index for them.)
      if (shop.database.dialect === 'sqlite') expect(read).not.toContain('TEMP B-TREE');
      expect(plans.some((plan) => keptCount.test(plan))).toBe(true);
    }
  });

  it('reads every order after a place from the index on the time placed, and counts none of them', async () => {
    const plans = await plansOf({}, { after: place });
    const [read, ...others] = ordersPlans(plans);
    expect(others).toEqual([]);
    expect(read).toContain('orders_created_at');
    if (shop.database.dialect === 'sqlite') expect(read).not.toContain('TEMP B-TREE');
    expect(plans.some((plan) => keptCount.test(plan))).toBe(true);
  });

  it("reads the page's lines in the page's own statement, through the lines' index on their order, and each product by its key", async () => {
    const linesPlans = (await plansOf({})).filter((plan) => plan.includes('order_lines'));
    expect(linesPlans).toHaveLength(1);
    expect(linesPlans[0]).toContain('orders_created_at');
    expect(linesPlans[0]).toContain('order_lines_order_line_idx');
    expect(linesPlans[0]).not.toMatch(/\bSCAN order_lines(?! USING)|Seq Scan on order_lines|SCAN products(?! USING)|Seq Scan on products/);
  });

  it('finds an order by its number from orders_number_idx', async () => {
    const [page] = await plansOf({ number: 1042 });
    expect(page).toContain('orders_number_idx');
  });

  it('searches e-mails and names through trigram indexes on PostgreSQL, for the page and the capped count', async () => {
    if (shop.database.dialect !== 'postgres') return;
    const plans = ordersPlans(await plansOf({ text: 'carol' }));
    // The page, and the capped count (with its inner query on its own).
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans) {
      expect(plan).toContain('orders_email_trgm_idx');
      expect(plan).toContain('orders_customer_name_trgm_idx');
      expect(plan).not.toMatch(wholeTable);
    }
  });
});
