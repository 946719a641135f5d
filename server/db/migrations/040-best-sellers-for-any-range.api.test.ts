import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { testDialect } from '../../test/test-database.ts';

/** Migration 040 adds the index that holds the products' figures per day on both engines, and undoing it removes it. */
let migration: MigrationUnderTest;

/** The indexes of `sales_product_days` other than its primary key's. */
async function dayIndexes(): Promise<string[]> {
  const query =
    testDialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'sales_product_days' and sql is not null order by name`
      : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'sales_product_days' and indexname <> 'sales_product_days_pk' order by name`;
  return (await query.execute(migration.database.db)).rows.map((row) => row.name);
}

beforeEach(async () => {
  migration = await databaseMigratedBefore('040-best-sellers-for-any-range');
});
afterEach(() => migration.database.dispose());

describe('migration 040', () => {
  it('indexes the figures kept per day, over the rows kept before it, and undone drops the index', async () => {
    expect(await dayIndexes()).toEqual([]);
    await sql`insert into sales_product_days (day, product_id, product, units, revenue_cents) values ('2026-11-20', 'p1', 'Block plane', 2, 8000)`.execute(migration.database.db);

    expect((await migration.latest()).error).toBeUndefined();
    expect(await dayIndexes()).toEqual(['sales_product_days_figures_idx']);
    const { rows } = await sql<{ units: number | string }>`select units from sales_product_days where day >= '2026-11-01' and day <= '2026-11-30'`.execute(migration.database.db);
    expect(rows.map((row) => Number(row.units))).toEqual([2]);

    expect((await migration.undo()).error).toBeUndefined();
    expect(await dayIndexes()).toEqual([]);
  });
});
