import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRecordId } from '../../record-id.ts';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { type TestDatabase, testDialect } from '../../test/test-database.ts';

/**
 * Migration 041 on a shop that already took orders: every order paid before it counts as announced
 * paid (its capture recorded from when it was paid), so the capture's follow-up never announces it
 * again; an unpaid one has no capture. Undone, the column goes and the orders stay.
 */
let migration: MigrationUnderTest;
let database: TestDatabase;

beforeEach(async () => {
  migration = await databaseMigratedBefore('041-captures-finished');
  database = migration.database;
});
afterEach(() => database.dispose());

/** Inserts an order as the schema before migration 041 has it: raw SQL, as the typed schema is 041's. */
async function insertOrder(paidAt: string | null): Promise<string> {
  const id = newRecordId();
  await sql`insert into orders (id, product, customer_name, email, phone, adress, unit_price_cents, price_cents, subtotal_cents, quantity, payment_status, transaction_id, created_at, paid_at, shipping_status)
    values (${id}, 'Smoothing plane', 'Carol Customer', 'carol@example.com', '+1 555 010 2030', '12 Bench Lane', 5000, 5000, 5000, 1,
      ${paidAt ? 'paid' : 'unpaid'}, ${paidAt ? `pi_${id}` : null}, '2026-11-01T10:00:00.000Z', ${paidAt}, ${paidAt ? 'pending' : null})`.execute(database.db);
  return id;
}

const capturedAt = async (id: string) => (await sql<{ captured_at: string | null }>`select captured_at from orders where id = ${id}`.execute(database.db)).rows[0]?.captured_at;

const orderColumns = async () =>
  testDialect === 'sqlite'
    ? (await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(database.db)).rows.map((row) => row.name)
    : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'orders'`.execute(database.db)).rows.map((row) => row.name);

describe(`migration 041 (${testDialect})`, () => {
  it('marks the orders paid before it as captured from when they were paid, leaves unpaid ones without, and is undone', async () => {
    const paid = await insertOrder('2026-11-01T10:05:00.000Z');
    const unpaid = await insertOrder(null);

    expect((await migration.apply()).error).toBeUndefined();
    expect(await capturedAt(paid)).toBe('2026-11-01T10:05:00.000Z');
    expect(await capturedAt(unpaid)).toBeNull();

    expect((await migration.undo()).error).toBeUndefined();
    expect(await orderColumns()).not.toContain('captured_at');
    expect((await sql<{ id: string }>`select id from orders order by id`.execute(database.db)).rows.map((row) => row.id).toSorted()).toEqual([paid, unpaid].toSorted());
  });
});
