import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListStages, type Order } from '../../../common/schemas/orders.ts';
import type { Overview } from '../../../common/schemas/overview.ts';
import type { OrdersTable } from '../../db/schema.ts';
import { recountOrderFigures } from '../../db/order-figures-recount.ts';
import { newRecordId } from '../../record-id.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { addProduct, placeOrder, type TestProduct } from '../../test/ordering.ts';
import type { TestApp } from '../../test/test-app.ts';
import { countCap } from '../../db/capped-count.ts';
import { call } from '../../test/call.ts';
import { payOrder } from '../../test/paid-order.ts';

/**
 * The counts the database keeps for Manage Orders and the overview (migration 018, ADR 021): after
 * each kind of change an order goes through, the list's X-Total-Count at every stage is the number of
 * orders the list holds, and the overview's figures are those of the orders themselves.
 */
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let plane: TestProduct;
beforeAll(async () => {
  ({ shop, admin, carol } = await createShopWithPeople());
  plane = await addProduct(shop.db, { name: 'Block plane', priceCents: 8900, minQuantity: 1, availQuantity: 500 });
});
afterAll(() => shop?.close());

/** Each stage's (and all orders') total as the list states it, and as many orders as it holds. */
async function listTotals(): Promise<{ stated: Record<string, number>; held: Record<string, number> }> {
  const stated: Record<string, number> = {};
  const held: Record<string, number> = {};
  for (const stage of ['', ...orderListStages]) {
    const res = await call(shop.app, 'GET', `/api/orders?limit=100${stage ? `&stage=${stage}` : ''}`, admin);
    expect(res.statusCode).toBe(200);
    stated[stage || 'all'] = Number(res.headers['x-total-count']);
    held[stage || 'all'] = res.json<Order[]>().length;
  }
  return { stated, held };
}

/** The overview's sales of the 30 days, added up, against the paid orders themselves. */
async function expectOverviewTrue() {
  const overview = (await call(shop.app, 'GET', '/api/overview', admin)).json<Overview>();
  const paid = await shop.db.selectFrom('orders').select(['price_cents', 'refunded_cents']).where('paid_at', 'is not', null).execute();
  const cents = (dollars: number) => Math.round(dollars * 100);
  expect(overview.days.reduce((sum, day) => sum + day.paidOrders, 0)).toBe(paid.length);
  expect(overview.days.reduce((sum, day) => sum + cents(day.revenue), 0)).toBe(paid.reduce((sum, row) => sum + row.price_cents, 0));
  expect(overview.days.reduce((sum, day) => sum + cents(day.refunded), 0)).toBe(paid.reduce((sum, row) => sum + row.refunded_cents, 0));
  const { held } = await listTotals();
  expect(overview.ordersByStatus).toEqual({ notPaid: held.unpaid, pending: held['to-ship'], shipped: held.shipped, delivered: held.delivered, cancelled: held.cancelled });
}

async function expectCountsTrue() {
  const { stated, held } = await listTotals();
  expect(stated).toEqual(held);
  await expectOverviewTrue();
}

describe('the kept order counts', () => {
  it('stay true as orders are placed, paid, shipped, delivered, cancelled, refunded, lose their product and are deleted', async () => {
    await expectCountsTrue();
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await placeOrder(shop.app, carol, plane.id, 1 + i));
    await expectCountsTrue();

    const [toCancel, toShip, toDeliver, toRefund, toDelete] = orders as [Order, Order, Order, Order, Order];
    for (const order of [toShip, toDeliver, toRefund]) await payOrder(shop.app, carol, order._id);
    await expectCountsTrue();

    expect((await call(shop.app, 'DELETE', `/api/orders/${toCancel._id}`, carol)).statusCode).toBe(200);
    await expectCountsTrue();

    const ship = (order: Order, body: object) => call(shop.app, 'PATCH', `/api/orders/${order._id}/shipping`, admin, body);
    expect((await ship(toShip, { shippingStatus: 'shipped', carrier: 'UPS' })).statusCode).toBe(200);
    expect((await ship(toDeliver, { shippingStatus: 'shipped', carrier: 'DHL' })).statusCode).toBe(200);
    expect((await ship(toDeliver, { shippingStatus: 'delivered' })).statusCode).toBe(200);
    await expectCountsTrue();

    const refund = (amount: number) =>
      call(shop.app, 'POST', `/api/orders/${toRefund._id}/refunds`, admin, { amount, reason: 'Returned unused', restock: 0, idempotencyKey: randomUUID() });
    expect((await refund(10)).statusCode).toBe(201);
    await expectCountsTrue();
    expect((await refund(toRefund.price - 10)).statusCode).toBe(201);
    await expectCountsTrue();

    // Deleting the product clears its paid orders' link to it: an update the counts live through.
    expect((await call(shop.app, 'DELETE', `/api/products/${plane.id}`, admin)).statusCode).toBe(200);
    await expectCountsTrue();

    await shop.db.deleteFrom('orders').where('id', '=', toDelete._id).execute();
    await expectCountsTrue();
    const { stated } = await listTotals();
    // The order refunded whole before it was sent is no longer to ship (nothing is left to send).
    expect(stated).toMatchObject({ all: 4, unpaid: 0, 'to-ship': 0, shipped: 1, delivered: 1, cancelled: 1, refunded: 1 });
  });

  it('are counted afresh from the orders by the recount (`npm run orders:recount`) after being changed by hand', async () => {
    await shop.db.updateTable('order_counts').set({ all_orders: 40, unpaid: 7, to_ship: 3 }).execute();
    await shop.db.deleteFrom('order_sales_days').execute();
    expect((await listTotals()).stated).toMatchObject({ all: 40, unpaid: 7, 'to-ship': 3 });

    await recountOrderFigures(shop.db);
    await expectCountsTrue();
    expect((await listTotals()).stated).toMatchObject({ all: 4, unpaid: 0, 'to-ship': 0 });
  });
});

describe('a search matching more orders than are counted', () => {
  beforeAll(async () => {
    const rows: Insertable<OrdersTable>[] = Array.from({ length: countCap + 1 }, (_, index) => ({
      id: newRecordId(),
      number: 500_000 + index,
      product_id: null,
      product: 'Marking gauge',
      customer_name: 'Wendy Workshop',
      email: `pupil${index}@school.example`,
      unit_price_cents: 1500,
      price_cents: 1500,
      subtotal_cents: 1500,
      quantity: 1,
      phone: '+1 555 010 2030',
      adress: '1 School Road, Oak Town',
      payment_status: 'unpaid',
      transaction_id: null,
      created_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      user_id: null,
      paid_at: null,
      shipping_status: null,
    }));
    for (let start = 0; start < rows.length; start += 100)
      await shop.db
        .insertInto('orders')
        .values(rows.slice(start, start + 100))
        .execute();
  });

  it('says how many it counted and that there are more, and still pages them newest first', async () => {
    const res = await call(shop.app, 'GET', '/api/orders?q=workshop&limit=5', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(countCap));
    expect(res.headers['x-total-count-capped']).toBe('true');
    const emails = res.json<Order[]>().map((order) => order.email);
    expect(emails).toEqual([1000, 999, 998, 997, 996].map((index) => `pupil${index}@school.example`));
  });

  it('counts exactly, and says nothing more, when the matches are fewer', async () => {
    const res = await call(shop.app, 'GET', '/api/orders?q=pupil99', admin);
    // pupil99 and pupil990 to pupil999.
    expect(res.headers['x-total-count']).toBe('11');
    expect(res.headers['x-total-count-capped']).toBeUndefined();
  });

  it('keeps the stage totals exact, taken from the kept counts', async () => {
    const res = await call(shop.app, 'GET', '/api/orders?stage=unpaid&limit=1', admin);
    expect(res.headers['x-total-count']).toBe(String(countCap + 1));
    expect(res.headers['x-total-count-capped']).toBeUndefined();
  });
});
