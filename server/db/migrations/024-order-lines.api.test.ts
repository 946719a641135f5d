import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { newRecordId } from '../../record-id.ts';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { testDialect } from '../../test/test-database.ts';
import { recountOrderFigures } from '../order-figures-recount.ts';

/**
 * Migration 024 on a shop that already took orders and paid checkouts: each single order becomes a
 * header with one line equal to it, and a paid checkout's line-orders (one number, one payment)
 * become one order with a line each, its refunds, shipments and payment moved to it, while the kept
 * counts stay what a recount makes them.
 */
/** Each test's database, migrated to just before the migration it starts from. */
let migration: MigrationUnderTest;

type Row = Record<string, string | number | null>;

/** Inserts a row as the schema before migration 024 has it: raw SQL, as the typed schema is 024's. */
async function insert(table: string, row: Row): Promise<void> {
  const columns = Object.keys(row);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values (${sql.join(columns.map((column) => row[column]))})`.execute(
    migration.database.db,
  );
}

/** A paid order of one product waiting to be sent, as checkout and payment wrote them, with these columns changed. */
function order(number: number, changes: Row): Row & { id: string } {
  return {
    id: newRecordId(),
    number,
    product_id: null,
    product: 'Smoothing plane',
    customer_name: 'Carol Customer',
    email: 'carol@example.com',
    phone: '+1 555 010 2030',
    adress: '12 Bench Lane, Oak Town',
    unit_price_cents: 5000,
    quantity: 1,
    price_cents: 5000,
    payment_status: 'paid',
    transaction_id: `pi_${number}`,
    created_at: '2026-11-01T10:00:00.000Z',
    paid_at: '2026-11-01T10:05:00.000Z',
    shipping_status: 'pending',
    ...changes,
  };
}

async function insertOrder(number: number, changes: Row): Promise<string> {
  const row = order(number, changes);
  await insert('orders', row);
  return row.id;
}

async function insertProduct(name: string, img: string): Promise<string> {
  const id = newRecordId();
  await insert('products', { id, name, description: `A ${name}`, img, price_cents: 1000, min_quantity: 1, avail_quantity: 10, created_at: '2026-10-01T00:00:00.000Z' });
  return id;
}

async function insertRefund(orderId: string, amountCents: number, restockedQuantity: number): Promise<string> {
  const id = newRecordId();
  await insert('refunds', {
    id,
    order_id: orderId,
    amount_cents: amountCents,
    reason: 'Arrived scratched',
    restocked_quantity: restockedQuantity,
    idempotency_key: newRecordId(),
    created_at: '2026-11-22T09:00:00.000Z',
    status: 'succeeded',
  });
  return id;
}

const checkoutOpenedAt = '2026-11-20T11:55:00.000Z';

/** A checkout's row, as migration 022 left them. */
function checkout(changes: Row): Row & { id: string } {
  return {
    id: newRecordId(),
    customer_name: 'Carol Customer',
    email: 'carol@example.com',
    phone: '+1 555 010 2030',
    adress: '12 Bench Lane, Oak Town',
    payment_status: 'unpaid',
    created_at: checkoutOpenedAt,
    ...changes,
  };
}

/** What a checkout line bought, as the checkout priced it when it was opened. */
interface CheckoutLine extends Row {
  line: number;
  product_id: string | null;
  product: string;
  img: string;
  unit_price_cents: number;
  quantity: number;
  price_cents: number;
}

/**
 * A checkout paid on 2026-11-20 as migration 023 left them: its row, its lines, and an order of its
 * number for each line, with what happened to that line-order since (shipped, refunded).
 */
async function insertPaidCheckout(number: number, lines: { bought: CheckoutLine; since?: Row }[]): Promise<{ checkoutId: string; lineOrderIds: string[] }> {
  const total = lines.reduce((sum, { bought }) => sum + bought.price_cents, 0);
  const paidAt = '2026-11-20T12:00:00.000Z';
  const paid = checkout({ number, total_cents: total, line_count: lines.length, payment_status: 'paid', transaction_id: `pi_${number}`, paid_at: paidAt });
  await insert('checkouts', paid);
  const lineOrderIds: string[] = [];
  for (const { bought, since } of lines) {
    await insert('checkout_lines', { checkout_id: paid.id, ...bought });
    const { line, img: _picture, ...product } = bought;
    const lineOrder = { ...product, checkout_id: paid.id, checkout_line: line, checkout_line_count: lines.length, created_at: checkoutOpenedAt, paid_at: paidAt, ...since };
    lineOrderIds.push(await insertOrder(number, lineOrder));
  }
  return { checkoutId: paid.id, lineOrderIds };
}

/** The counts and days' sales the triggers keep, as plain numbers on both databases. */
async function orderFigures() {
  const counts = await migration.database.db.selectFrom('order_counts').selectAll().executeTakeFirstOrThrow();
  const days = await migration.database.db.selectFrom('order_sales_days').selectAll().orderBy('day').execute();
  return { counts, days };
}

/** What sums over every order must keep through the migration: the money taken and given back, and the numbers given. */
async function orderTotals() {
  const sums = await sql<{ price: number | string; refunded: number | string }>`select sum(price_cents) as price, sum(refunded_cents) as refunded from orders`.execute(
    migration.database.db,
  );
  const numbers = await sql<{ number: number }>`select number from orders order by number`.execute(migration.database.db);
  return { price: Number(sums.rows[0]!.price), refunded: Number(sums.rows[0]!.refunded), numbers: numbers.rows.map((row) => row.number) };
}

const migrateToLatest = async () => expect((await migration.latest()).error).toBeUndefined();

/** Rows in a set order, whatever order the database answered them in. */
const sorted = <T extends Record<string, unknown>>(rows: T[], key: keyof T) => [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

/** A line's columns as migration 024 made them (later migrations add their own). */
const linesOf = (orderId: string) =>
  migration.database.db
    .selectFrom('order_lines')
    .select([
      'id',
      'order_id',
      'line',
      'product_id',
      'product',
      'img',
      'unit_price_cents',
      'quantity',
      'price_cents',
      'shipped_quantity',
      'refunded_quantity',
      'restocked_quantity',
    ])
    .where('order_id', '=', orderId)
    .orderBy('line')
    .execute();

/** The line a single order becomes: the order itself, with what became of its pieces. */
const onlyLine = (row: Row, img: string, pieces: { shipped?: number; refunded?: number; restocked?: number } = {}) => ({
  id: row.id,
  order_id: row.id,
  line: 1,
  product_id: row.product_id,
  product: row.product,
  img,
  unit_price_cents: row.unit_price_cents,
  quantity: row.quantity,
  price_cents: row.price_cents,
  shipped_quantity: pieces.shipped ?? 0,
  refunded_quantity: pieces.refunded ?? 0,
  restocked_quantity: pieces.restocked ?? 0,
});

afterEach(() => migration.database.dispose());

describe('migration 024', () => {
  it('makes each single order a header with one line, and each paid checkout one order with a line per line-order', async () => {
    migration = await databaseMigratedBefore('024-order-lines');
    const plane = await insertProduct('Smoothing plane', '/api/images/plane-now');
    const chisels = await insertProduct('Chisel set', '/api/images/chisels-now');
    const mallet = await insertProduct('Mallet', '/api/images/mallet-now');
    const saw = await insertProduct('Tenon saw', '/api/images/saw-now');
    const gauge = await insertProduct('Marking gauge', '/api/images/gauge');

    // Single orders: to ship; refunded in part with a piece restocked (its product since deleted);
    // shipped with a carrier and tracking number; delivered, sent before carriers were recorded;
    // cancelled unpaid; refunded whole before it was sent.
    const toShip = order(1001, { product_id: plane, quantity: 2, price_cents: 10000 });
    const partRefunded = order(1002, {
      product_id: gauge,
      product: 'Marking gauge',
      unit_price_cents: 2000,
      quantity: 3,
      price_cents: 6000,
      paid_at: '2026-11-02T10:05:00.000Z',
      refunded_cents: 2000,
      restocked_quantity: 1,
    });
    const shipped = order(1003, {
      product_id: saw,
      product: 'Tenon saw',
      unit_price_cents: 3500,
      price_cents: 3500,
      paid_at: '2026-11-03T10:05:00.000Z',
      shipping_status: 'shipped',
      shipped_at: '2026-11-04T09:00:00.000Z',
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
    });
    const delivered = order(1004, {
      product_id: plane,
      paid_at: '2026-11-03T11:00:00.000Z',
      shipping_status: 'delivered',
      shipped_at: '2026-11-04T10:00:00.000Z',
      delivered_at: '2026-11-06T15:00:00.000Z',
    });
    const cancelled = order(1005, {
      product_id: chisels,
      product: 'Chisel set',
      unit_price_cents: 1800,
      price_cents: 1800,
      payment_status: 'unpaid',
      transaction_id: null,
      paid_at: null,
      shipping_status: null,
      cancelled_at: '2026-11-02T08:00:00.000Z',
      cancel_reason: 'customer',
    });
    const refundedWhole = order(1006, {
      product_id: mallet,
      product: 'Mallet',
      unit_price_cents: 1500,
      quantity: 2,
      price_cents: 3000,
      paid_at: '2026-11-05T10:05:00.000Z',
      shipping_status: 'refunded',
      refunded_cents: 3000,
    });
    const singles = [toShip, partRefunded, shipped, delivered, cancelled, refundedWhole];
    for (const row of singles) await insert('orders', row);
    const partRefund = await insertRefund(partRefunded.id, 2000, 1);
    const wholeRefund = await insertRefund(refundedWhole.id, 3000, 0);
    await sql`delete from products where id = ${gauge}`.execute(migration.database.db);

    // A paid checkout of three lines, pictured as they were then: line 2 shipped, line 3 refunded $5 with one piece restocked.
    const checkoutLines: CheckoutLine[] = [
      { line: 1, product_id: chisels, product: 'Chisel set', img: '/api/images/chisels-then', unit_price_cents: 1800, quantity: 2, price_cents: 3600 },
      { line: 2, product_id: plane, product: 'Smoothing plane', img: '/api/images/plane-then', unit_price_cents: 5000, quantity: 1, price_cents: 5000 },
      { line: 3, product_id: mallet, product: 'Mallet', img: '/api/images/mallet-then', unit_price_cents: 1250, quantity: 2, price_cents: 2500 },
    ];
    const { checkoutId, lineOrderIds } = await insertPaidCheckout(1007, [
      { bought: checkoutLines[0]! },
      { bought: checkoutLines[1]!, since: { shipping_status: 'shipped', shipped_at: '2026-11-21T08:00:00.000Z', carrier: 'DHL', tracking_number: 'JD014600003412' } },
      { bought: checkoutLines[2]!, since: { refunded_cents: 500, restocked_quantity: 1 } },
    ]);
    const [header, shippedLine, refundedLine] = lineOrderIds as [string, string, string];
    const lineRefund = await insertRefund(refundedLine, 500, 1);
    await insert('local_payment_intents', {
      id: 'pi_1007',
      client_secret: 'pi_1007_secret',
      order_id: checkoutId,
      amount_cents: 11100,
      currency: 'usd',
      status: 'succeeded',
      created_at: '2026-11-20T11:58:00.000Z',
      updated_at: '2026-11-22T09:00:00.000Z',
      refunded_cents: 500,
      pays_for: 'checkout',
    });
    await insert('checkout_payments', { payment_id: 'pi_1007', checkout_id: checkoutId, created_at: '2026-11-20T11:58:00.000Z' });

    // A checkout opened and never paid: it never became orders.
    const open = checkout({ total_cents: 1800, line_count: 1 });
    await insert('checkouts', open);
    await insert('checkout_lines', { checkout_id: open.id, ...checkoutLines[0]!, quantity: 1, price_cents: 1800 });
    await insert('checkout_payments', { payment_id: 'pi_open', checkout_id: open.id, created_at: '2026-11-20T11:56:00.000Z' });

    expect(await orderTotals()).toEqual({ price: 40400, refunded: 5500, numbers: [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1007, 1007] });
    expect((await orderFigures()).counts).toMatchObject({ all_orders: 9, to_ship: 4, shipped: 2, refunded: 3, awaiting_shipment: 4 });

    await migrateToLatest();

    expect(await orderTotals()).toEqual({ price: 40400, refunded: 5500, numbers: [1001, 1002, 1003, 1004, 1005, 1006, 1007] });

    // Every single order: one line equal to it, pictured as its product is now ('' once deleted).
    expect(await linesOf(toShip.id)).toEqual([onlyLine(toShip, '/api/images/plane-now')]);
    expect(await linesOf(partRefunded.id)).toEqual([onlyLine({ ...partRefunded, product_id: null }, '', { restocked: 1 })]);
    expect(await linesOf(shipped.id)).toEqual([onlyLine(shipped, '/api/images/saw-now', { shipped: 1 })]);
    expect(await linesOf(delivered.id)).toEqual([onlyLine(delivered, '/api/images/plane-now', { shipped: 1 })]);
    expect(await linesOf(cancelled.id)).toEqual([onlyLine(cancelled, '/api/images/chisels-now')]);
    expect(await linesOf(refundedWhole.id)).toEqual([onlyLine(refundedWhole, '/api/images/mallet-now', { refunded: 2 })]);
    const headers = await migration.database.db
      .selectFrom('orders')
      .select(['id', 'price_cents', 'subtotal_cents', 'shipping_cents', 'discount_cents', 'tax_cents', 'currency', 'shipped_quantity', 'shipping_status'])
      .where('number', '<', 1007)
      .orderBy('number')
      .execute();
    expect(headers).toEqual(
      singles.map((row) => ({
        id: row.id,
        price_cents: row.price_cents,
        subtotal_cents: row.price_cents,
        shipping_cents: 0,
        discount_cents: 0,
        tax_cents: 0,
        currency: 'USD',
        shipped_quantity: row === shipped || row === delivered ? 1 : 0,
        shipping_status: row.shipping_status,
      })),
    );

    // The paid checkout: one order of its number, its lines in order with the checkout's prices and pictures.
    const merged = await migration.database.db.selectFrom('orders').selectAll().where('number', '=', 1007).execute();
    expect(merged).toEqual([
      expect.objectContaining({
        id: header,
        product_id: chisels,
        product: 'Chisel set and 2 more',
        unit_price_cents: 1800,
        quantity: 5,
        price_cents: 11100,
        subtotal_cents: 11100,
        refunded_cents: 500,
        restocked_quantity: 1,
        shipped_quantity: 1,
        payment_status: 'paid',
        transaction_id: 'pi_1007',
        paid_at: '2026-11-20T12:00:00.000Z',
        shipping_status: 'pending',
        shipped_at: null,
        carrier: null,
        tracking_number: null,
        delivered_at: null,
      }),
    ]);
    expect(await linesOf(header)).toEqual(
      checkoutLines.map((line, index) => ({
        id: lineOrderIds[index],
        order_id: header,
        ...line,
        shipped_quantity: line.line === 2 ? 1 : 0,
        refunded_quantity: 0,
        restocked_quantity: line.line === 3 ? 1 : 0,
      })),
    );

    // Its parcel and refund are the header's, naming their lines; so is its payment.
    expect(await migration.database.db.selectFrom('shipments').selectAll().orderBy('created_at').execute()).toEqual([
      { id: shipped.id, order_id: shipped.id, carrier: 'UPS', tracking_number: '1Z999AA10123456784', created_at: '2026-11-04T09:00:00.000Z' },
      { id: delivered.id, order_id: delivered.id, carrier: 'Unknown carrier', tracking_number: null, created_at: '2026-11-04T10:00:00.000Z' },
      { id: shippedLine, order_id: header, carrier: 'DHL', tracking_number: 'JD014600003412', created_at: '2026-11-21T08:00:00.000Z' },
    ]);
    expect(sorted(await migration.database.db.selectFrom('shipment_lines').selectAll().execute(), 'shipment_id')).toEqual(
      sorted(
        [
          { shipment_id: shipped.id, line_id: shipped.id, quantity: 1 },
          { shipment_id: delivered.id, line_id: delivered.id, quantity: 1 },
          { shipment_id: shippedLine, line_id: shippedLine, quantity: 1 },
        ],
        'shipment_id',
      ),
    );
    expect(sorted(await migration.database.db.selectFrom('refunds').select(['id', 'order_id']).execute(), 'id')).toEqual(
      sorted(
        [
          { id: partRefund, order_id: partRefunded.id },
          { id: wholeRefund, order_id: refundedWhole.id },
          { id: lineRefund, order_id: header },
        ],
        'id',
      ),
    );
    expect(sorted(await migration.database.db.selectFrom('refund_lines').selectAll().execute(), 'refund_id')).toEqual(
      sorted(
        [
          { refund_id: partRefund, line_id: partRefunded.id, quantity: 1, restock: 1 },
          { refund_id: lineRefund, line_id: refundedLine, quantity: 1, restock: 1 },
        ],
        'refund_id',
      ),
    );
    expect(await migration.database.db.selectFrom('local_payment_intents').select(['id', 'order_id']).execute()).toEqual([{ id: 'pi_1007', order_id: header }]);
    expect(await migration.database.db.selectFrom('order_payments').selectAll().execute()).toEqual([
      { payment_id: 'pi_1007', order_id: header, created_at: '2026-11-20T11:58:00.000Z' },
    ]);

    // The kept figures moved with the merge: what a recount makes them.
    const figures = await orderFigures();
    expect(figures).toEqual({
      counts: { id: 1, all_orders: 7, unpaid: 0, to_ship: 3, shipped: 1, delivered: 1, cancelled: 1, refunded: 3, awaiting_shipment: 3 },
      days: [
        { day: '2026-11-01', cents: 10000, refunded_cents: 0, orders: 1 },
        { day: '2026-11-02', cents: 6000, refunded_cents: 2000, orders: 1 },
        { day: '2026-11-03', cents: 8500, refunded_cents: 0, orders: 2 },
        { day: '2026-11-05', cents: 3000, refunded_cents: 3000, orders: 1 },
        { day: '2026-11-20', cents: 11100, refunded_cents: 500, orders: 1 },
      ],
    });
    await recountOrderFigures(migration.database.db);
    expect(await orderFigures()).toEqual(figures);

    // The checkouts' tables and marks are gone, and nothing points at what went.
    const tables = await migration.database.db.introspection.getTables();
    const names = tables.map((table) => table.name);
    expect(names).toEqual(expect.arrayContaining(['order_lines', 'shipments', 'shipment_lines', 'refund_lines']));
    expect(names.filter((name) => name.startsWith('checkout'))).toEqual([]);
    const columnsOf = (table: string) => tables.find((found) => found.name === table)!.columns.map((column) => column.name);
    expect(columnsOf('orders').filter((name) => name.startsWith('checkout'))).toEqual([]);
    expect(columnsOf('local_payment_intents')).not.toContain('pays_for');
    if (testDialect === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(migration.database.db)).rows).toEqual([]);
      expect((await sql`pragma integrity_check`.execute(migration.database.db)).rows).toEqual([{ integrity_check: 'ok' }]);
    }
  });

  it('ships a checkout whose every line-order was sent or refunded whole before it was sent, carried as its latest parcel', async () => {
    migration = await databaseMigratedBefore('024-order-lines');
    const line = (number: number, product: string, priceCents: number): CheckoutLine => ({
      line: number,
      product_id: null,
      product,
      img: `/api/images/${number}`,
      unit_price_cents: priceCents,
      quantity: 1,
      price_cents: priceCents,
    });
    const {
      lineOrderIds: [header],
    } = await insertPaidCheckout(1001, [
      { bought: line(1, 'Chisel set', 3600), since: { shipping_status: 'refunded', refunded_cents: 3600 } },
      {
        bought: line(2, 'Smoothing plane', 5000),
        since: { shipping_status: 'delivered', shipped_at: '2026-11-22T08:00:00.000Z', carrier: 'UPS', tracking_number: '1Z1', delivered_at: '2026-11-24T08:00:00.000Z' },
      },
      { bought: line(3, 'Mallet', 2500), since: { shipping_status: 'shipped', shipped_at: '2026-11-21T08:00:00.000Z', carrier: 'DHL', tracking_number: 'JD2' } },
    ]);

    await migrateToLatest();

    expect(await migration.database.db.selectFrom('orders').selectAll().execute()).toEqual([
      expect.objectContaining({
        id: header,
        product: 'Chisel set and 2 more',
        price_cents: 11100,
        refunded_cents: 3600,
        shipped_quantity: 2,
        shipping_status: 'shipped',
        shipped_at: '2026-11-22T08:00:00.000Z',
        carrier: 'UPS',
        tracking_number: '1Z1',
        delivered_at: null,
      }),
    ]);
    const lines = await linesOf(header!);
    expect(lines.map((found) => [found.line, found.shipped_quantity, found.refunded_quantity])).toEqual([
      [1, 0, 1],
      [2, 1, 0],
      [3, 1, 0],
    ]);
    expect((await orderFigures()).counts).toMatchObject({ all_orders: 1, to_ship: 0, shipped: 1, refunded: 1, awaiting_shipment: 0 });
  });

  it('runs after migration 023 in one go, with the counts 023 moved still to be kept', async () => {
    migration = await databaseMigratedBefore('023-refunded-before-shipping');
    await insertOrder(1001, { refunded_cents: 5000 });
    await insertOrder(1002, {});

    await migrateToLatest();

    expect(await migration.database.db.selectFrom('orders').select(['number', 'shipping_status']).orderBy('number').execute()).toEqual([
      { number: 1001, shipping_status: 'refunded' },
      { number: 1002, shipping_status: 'pending' },
    ]);
    const figures = await orderFigures();
    expect(figures.counts).toMatchObject({ all_orders: 2, to_ship: 1, refunded: 1 });
    await recountOrderFigures(migration.database.db);
    expect(await orderFigures()).toEqual(figures);
  });

  it('cannot be undone', async () => {
    migration = await databaseMigratedBefore('024-order-lines');
    expect((await migration.apply()).error).toBeUndefined();
    const { error } = await migration.undo();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Migration 024-order-lines cannot be undone: the orders it merged into one cannot be split again.');
  });
});
