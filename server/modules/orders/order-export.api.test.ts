import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCursor } from '../../../common/pagination.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import { parseCsv } from '../../csv.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';
import { checkedOut } from '../../test/cart-checkout.ts';
import { addThreeTools, fillCart, threeLines, type ThreeTools } from '../../test/multi-line-orders.ts';
import { placeOrder } from '../../test/ordering.ts';
import { payOrder } from '../../test/paid-order.ts';
import { createTestClock, type TestClock } from '../../test/test-clock.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * `GET /api/orders.csv`: the orders of Manage Orders' filter as a CSV file, one row per line of an
 * order, in the list's order, streamed, for admins only.
 */
let shop: TestApp;
let clock: TestClock;
let admin: TestAccount;
let carol: TestAccount;
let oscar: TestAccount;
let tools: ThreeTools;
/** Carol's paid order of three lines, to ship. */
let threeLineOrder: Order;
/** Oscar's paid order of one mallet, shipped with UPS. */
let shippedOrder: Order;
/** Carol's unpaid order of one chisel. */
let unpaidOrder: Order;

beforeAll(async () => {
  clock = createTestClock('2026-11-20T09:00:00.000Z');
  ({ shop, admin, carol, oscar } = await createShopWithPeople({ clock }));
  tools = await addThreeTools(shop.db);
  await fillCart(shop.app, clock, carol, threeLines(tools));
  threeLineOrder = await checkedOut(shop.app, carol);
  await payOrder(shop.app, carol, threeLineOrder._id);
  clock.advance(60_000);
  shippedOrder = await placeOrder(shop.app, oscar, tools.mallet.id, 1);
  await payOrder(shop.app, oscar, shippedOrder._id);
  const shipped = await call(shop.app, 'PATCH', `/api/orders/${shippedOrder._id}/shipping`, admin, {
    shippingStatus: 'shipped',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  expect(shipped.statusCode).toBe(200);
  clock.advance(60_000);
  unpaidOrder = await placeOrder(shop.app, carol, tools.chisel.id, 2);
});
afterAll(() => shop?.close());

const exportOf = (query: string, who: Caller = admin) => call(shop.app, 'GET', `/api/orders.csv${query}`, who);

/** Every order GET /api/orders lists for a query, page after page, in its order. */
async function listed(query: string): Promise<Order[]> {
  const orders: Order[] = [];
  let after = '';
  for (;;) {
    const res = await call(shop.app, 'GET', `/api/orders?limit=100${query}${after}`, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json<Order[]>();
    orders.push(...page);
    if (page.length < 100) return orders;
    after = `&after=${encodeURIComponent(listCursor(page.at(-1)!))}`;
  }
}

/** The (order number, product, variant) of each line of these orders, as the export should list them. */
const linesOf = (orders: readonly Order[]) => orders.flatMap((order) => order.lines.map((line) => [order.orderNumber, line.product, line.variant]));

describe(`GET /api/orders.csv (${testDialect})`, () => {
  it('answers 401 to nobody and 403 to a customer', async () => {
    expect((await call(shop.app, 'GET', '/api/orders.csv')).statusCode).toBe(401);
    expect((await exportOf('', carol)).statusCode).toBe(403);
    expect((await exportOf('?stage=to-ship', oscar)).statusCode).toBe(403);
  });

  it('downloads every order as a dated CSV attachment, one row per line, newest order first, streamed', async () => {
    const res = await exportOf('');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-20.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Sent as it is read, not from a body buffered whole first.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.body.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'orderNumber',
      'placedAt',
      'paidAt',
      'stage',
      'customerName',
      'email',
      'country',
      'region',
      'product',
      'variant',
      'sku',
      'quantity',
      'unitPrice',
      'lineTotal',
      'orderSubtotal',
      'shipping',
      'discount',
      'tax',
      'total',
      'carrier',
      'trackingNumber',
    ]);
    expect(rows.map((row) => [row[0], row[8], row[9]])).toEqual(linesOf([unpaidOrder, shippedOrder, threeLineOrder]));
    const byColumn = (row: string[]) => Object.fromEntries(header!.map((name, index) => [name, row[index]]));

    // The three-line order: each of its rows repeats the order's figures.
    const [chisels, mallet, planes] = rows.slice(2).map(byColumn);
    const { totals } = threeLineOrder;
    expect(chisels).toMatchObject({
      orderNumber: threeLineOrder.orderNumber,
      placedAt: threeLineOrder.createdAt,
      stage: 'to-ship',
      customerName: 'Carol Customer',
      email: carol.email,
      country: 'US',
      region: 'US-IL',
      product: 'Bevel-edge chisel',
      quantity: '3',
      unitPrice: '24.50',
      lineTotal: '73.50',
      orderSubtotal: '487.50',
      shipping: totals.shipping.toFixed(2),
      discount: totals.discount.toFixed(2),
      tax: totals.tax.toFixed(2),
      total: totals.total.toFixed(2),
      carrier: '',
      trackingNumber: '',
    });
    expect(chisels!.paidAt).toMatch(/^2026-11-20T/);
    expect(chisels!.sku).toMatch(/^JNR-/);
    expect(mallet).toMatchObject({ product: 'Joiner’s mallet', quantity: '1', unitPrice: '64.00', lineTotal: '64.00', orderSubtotal: '487.50' });
    expect(planes).toMatchObject({ product: 'Smoothing plane', quantity: '2', unitPrice: '175.00', lineTotal: '350.00', total: totals.total.toFixed(2) });

    expect(byColumn(rows[1]!)).toMatchObject({ orderNumber: shippedOrder.orderNumber, stage: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(byColumn(rows[0]!)).toMatchObject({ orderNumber: unpaidOrder.orderNumber, stage: 'unpaid', paidAt: '', quantity: '2' });
  });

  it('lists the rows of the orders GET /api/orders lists for the same stage or search, in the same order', async () => {
    for (const query of ['&stage=to-ship', '&stage=unpaid', '&stage=shipped', '&stage=cancelled', `&q=${encodeURIComponent('carol')}`, `&q=${threeLineOrder.orderNumber}`]) {
      const [, ...rows] = parseCsv((await exportOf(`?${query.slice(1)}`)).body);
      expect(
        rows.map((row) => [row[0], row[8], row[9]]),
        query,
      ).toEqual(linesOf(await listed(query)));
    }
    expect((await exportOf('?stage=to-ship')).headers['content-disposition']).toBe('attachment; filename="orders-to-ship-2026-11-20.csv"');
  });

  it('makes a cell that a spreadsheet would run as a formula harmless', async () => {
    await shop.db.updateTable('orders').set({ customer_name: '=HYPERLINK("https://evil.example","x")' }).where('id', '=', unpaidOrder._id).execute();
    const res = await exportOf('?stage=unpaid');
    expect(res.body).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    await shop.db.updateTable('orders').set({ customer_name: 'Carol Customer' }).where('id', '=', unpaidOrder._id).execute();
  });

  it('refuses an unknown stage with 400', async () => {
    expect((await exportOf('?stage=lost')).statusCode).toBe(400);
  });

  it('exports a list longer than one batch whole, in the list’s order, each line once', async () => {
    // 1,100 more orders to ship on three moments: batches of 500 end in the middle of a tie, where only
    // the id tells the next batch where to go on. Copied from the three-line order's rows, as if placed.
    const header = await shop.db.selectFrom('orders').selectAll().where('id', '=', threeLineOrder._id).executeTakeFirstOrThrow();
    const lines = await shop.db.selectFrom('order_lines').selectAll().where('order_id', '=', threeLineOrder._id).execute();
    const top = await shop.db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('number').as('number'))
      .executeTakeFirstOrThrow();
    const copies = Array.from({ length: 1100 }, (_, index) => ({
      ...header,
      id: crypto.randomUUID(),
      number: Number(top.number) + 1 + index,
      created_at: `2026-11-1${index % 3}T12:00:00.000Z`,
      transaction_id: null,
    }));
    for (let start = 0; start < copies.length; start += 100) {
      const batch = copies.slice(start, start + 100);
      await shop.db.insertInto('orders').values(batch).execute();
      await shop.db
        .insertInto('order_lines')
        .values(batch.flatMap((order) => lines.map((line) => ({ ...line, id: crypto.randomUUID(), order_id: order.id }))))
        .execute();
    }
    const res = await exportOf('?stage=to-ship');
    const [, ...rows] = parseCsv(res.body);
    const expected = linesOf(await listed('&stage=to-ship'));
    expect(expected.length).toBe(3 * 1101);
    expect(rows.map((row) => [row[0], row[8], row[9]])).toEqual(expected);
  });
});
