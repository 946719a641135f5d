import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRecordId } from '../../record-id.ts';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';

/**
 * Migrations 022 and 023 on a shop that already took orders: a free-text address is kept as the first
 * line under the customer's name with the country unknown, and an order refunded whole before it was
 * sent leaves "To ship", in the kept counts too.
 */
let migration: MigrationUnderTest;

/** A paid order as migration 021 left them: a free-text address, pending shipping, refunded by this much. */
async function paidOrder(refundedCents: number, shipping: 'pending' | 'shipped' = 'pending'): Promise<string> {
  const id = newRecordId();
  await sql`insert into orders (id, product_id, product, customer_name, email, unit_price_cents, price_cents, quantity, phone, adress,
      payment_status, transaction_id, created_at, user_id, paid_at, shipping_status, number, refunded_cents)
    values (${id}, null, 'Smoothing plane', 'Carol Customer', 'carol@example.com', 5000, 5000, 1, '+1 555 010 2030', '12 Bench Lane, Oak Town',
      'paid', ${`pi_${id}`}, '2026-11-01T10:00:00.000Z', null, '2026-11-01T10:05:00.000Z', ${shipping}, ${Math.floor(Math.random() * 1e9)}, ${refundedCents})`.execute(
    migration.database.db,
  );
  return id;
}

beforeEach(async () => {
  migration = await databaseMigratedBefore('022-postal-addresses');
});
afterEach(() => migration.database.dispose());

const toShipCount = async () => Number((await sql<{ to_ship: number }>`select to_ship from order_counts where id = 1`.execute(migration.database.db)).rows[0]!.to_ship);

describe('migrations 022 and 023', () => {
  it('keep a free-text address whole, with the country unknown, and take orders refunded whole before they were sent out of To ship', async () => {
    const whole = await paidOrder(5000);
    const part = await paidOrder(1000);
    const sentThenRefunded = await paidOrder(5000, 'shipped');
    expect(await toShipCount()).toBe(2);

    expect((await migration.latest()).error).toBeUndefined();
    const rows = await migration.database.db.selectFrom('orders').selectAll().orderBy('id').execute();
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
