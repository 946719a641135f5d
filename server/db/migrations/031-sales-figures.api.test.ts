import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRecordId } from '../../record-id.ts';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { addOrder } from '../../test/shop-records.ts';

/**
 * Migration 031 on a shop that already sells: the sales reports' figures of the orders paid and
 * refunded before it are counted once. Undone, its tables are gone; done again, counted again.
 */
let migration: MigrationUnderTest;
const db = () => migration.database.db;

const tableNames = async () => (await db().introspection.getTables()).map((table) => table.name).filter((name) => name.startsWith('sales_'));

beforeEach(async () => {
  migration = await databaseMigratedBefore('031-sales-figures');
});
afterEach(() => migration.database.dispose());

describe('migration 031', () => {
  it('counts the orders paid and refunded before it, and is undone and done again', async () => {
    const order = await addOrder(db(), { priceCents: 1250, paidAt: '2026-11-05T09:15:00.000Z' });
    await addOrder(db(), { priceCents: 800 }); // not paid: not counted
    await sql`insert into refunds (id, order_id, amount_cents, reason, restocked_quantity, status, idempotency_key, created_at)
      values (${newRecordId()}, ${order.id}, 300, 'Scratched', 0, 'succeeded', ${newRecordId()}, '2026-11-06T08:00:00.000Z')`.execute(db());

    expect((await migration.apply()).error).toBeUndefined();
    const days = await sql<Record<string, unknown>>`select day, orders, gross_cents, units, refunded_cents from sales_days order by day`.execute(db());
    expect(days.rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'day' ? value : Number(value)])))).toEqual([
      { day: '2026-11-05', orders: 1, gross_cents: 1250, units: 1, refunded_cents: 0 },
      { day: '2026-11-06', orders: 0, gross_cents: 0, units: 0, refunded_cents: 300 },
    ]);

    expect((await migration.undo()).error).toBeUndefined();
    expect(await tableNames()).toEqual([]);
    expect((await migration.apply()).error).toBeUndefined();
    expect((await tableNames()).sort()).toEqual(['sales_category_days', 'sales_days', 'sales_product_days', 'sales_product_months', 'sales_product_years', 'sales_tax_days']);
  });
});
