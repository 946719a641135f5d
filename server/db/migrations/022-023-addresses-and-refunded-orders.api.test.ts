import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRecordId } from '../../record-id.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { migrations } from '../migrate.ts';

/**
 * Migrations 022 and 023 on a shop that already took orders: a free-text address is kept as the first
 * line under the customer's name with the country unknown, and an order refunded whole before it was
 * sent leaves "To ship", in the kept counts too.
 */
let database: TestDatabase;
let migrator: Migrator;

/** A paid order as migration 021 left them: a free-text address, pending shipping, refunded by this much. */
async function paidOrder(refundedCents: number, shipping: 'pending' | 'shipped' = 'pending'): Promise<string> {
  const id = newRecordId();
  await sql`insert into orders (id, product_id, product, customer_name, email, unit_price_cents, price_cents, quantity, phone, adress,
      payment_status, transaction_id, created_at, user_id, paid_at, shipping_status, number, refunded_cents)
    values (${id}, null, 'Smoothing plane', 'Carol Customer', 'carol@example.com', 5000, 5000, 1, '+1 555 010 2030', '12 Bench Lane, Oak Town',
      'paid', ${`pi_${id}`}, '2026-11-01T10:00:00.000Z', null, '2026-11-01T10:05:00.000Z', ${shipping}, ${Math.floor(Math.random() * 1e9)}, ${refundedCents})`.execute(database.db);
  return id;
}

beforeEach(async () => {
  database = await createTestDatabase();
  migrator = new Migrator({ db: database.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  expect((await migrator.migrateTo('021-refund-reservations')).error).toBeUndefined();
});
afterEach(() => database.dispose());

const toShipCount = async () => Number((await sql<{ to_ship: number }>`select to_ship from order_counts where id = 1`.execute(database.db)).rows[0]!.to_ship);

describe('migrations 022 and 023', () => {
  it('keep a free-text address whole, with the country unknown, and take orders refunded whole before they were sent out of To ship', async () => {
    const whole = await paidOrder(5000);
    const part = await paidOrder(1000);
    const sentThenRefunded = await paidOrder(5000, 'shipped');
    expect(await toShipCount()).toBe(2);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await database.db.selectFrom('orders').selectAll().orderBy('id').execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(part)).toMatchObject({
      ship_name: 'Carol Customer',
      ship_line1: '12 Bench Lane, Oak Town',
      ship_city: null,
      ship_country: null,
      adress: '12 Bench Lane, Oak Town',
    });
    expect([byId.get(whole)?.shipping_status, byId.get(part)?.shipping_status, byId.get(sentThenRefunded)?.shipping_status]).toEqual(['refunded', 'pending', 'shipped']);
    expect(await toShipCount()).toBe(1);
  });
});
