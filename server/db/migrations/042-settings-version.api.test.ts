import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { type TestDatabase, testDialect } from '../../test/test-database.ts';

/**
 * Migration 042 on a shop that already has settings and pages: the settings' version starts at 0 and
 * goes up with every change to what prices an order or to the pages' versions, in the transaction that
 * makes it; on PostgreSQL once a statement, however many rows it writes. Undone, the table and its
 * triggers go, and the settings stay as they are.
 */
let migration: MigrationUnderTest;
let database: TestDatabase;

beforeEach(async () => {
  migration = await databaseMigratedBefore('042-settings-version');
  database = migration.database;
});
afterEach(() => database.dispose());

const version = async () => Number((await sql<{ version: number | string }>`select version from settings_version where id = 1`.execute(database.db)).rows[0]?.version);

const tableNames = async () =>
  testDialect === 'sqlite'
    ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db)).rows.map((row) => row.name)
    : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(database.db)).rows.map(
        (row) => row.name,
      );

describe(`migration 042 (${testDialect})`, () => {
  it('raises the version with each change to the settings, zones, rates, tax and pages, and is undone', async () => {
    await sql`insert into tax_rates (country, region, rate_ppm, tax_shipping) values ('US', 'US-CA', 72500, 0)`.execute(database.db);

    expect((await migration.apply()).error).toBeUndefined();
    expect(await version()).toBe(0);

    await sql`insert into shipping_zones (id, name, position) values ('z1', 'United States', 0)`.execute(database.db);
    expect(await version()).toBe(1);
    await sql`insert into shipping_zone_areas (zone_id, country, region) values ('z1', 'US', '')`.execute(database.db);
    expect(await version()).toBe(2);
    await sql`insert into shipping_rates (id, zone_id, position, name, price_cents) values ('r1', 'z1', 0, 'Standard', 900)`.execute(database.db);
    expect(await version()).toBe(3);
    await sql`update shipping_rates set price_cents = 1100 where id = 'r1'`.execute(database.db);
    expect(await version()).toBe(4);
    await sql`update tax_rates set rate_ppm = 80000`.execute(database.db);
    expect(await version()).toBe(5);
    await sql`insert into shop_settings (key, value) values ('prices-include-tax', 'true')`.execute(database.db);
    expect(await version()).toBe(6);
    await sql`delete from shop_settings where key = 'prices-include-tax'`.execute(database.db);
    expect(await version()).toBe(7);
    await sql`insert into shop_page_versions (slug, version, title, body, published_at) values ('terms', 2, 'Terms', 'New terms', '2026-11-28T10:00:00.000Z')`.execute(database.db);
    expect(await version()).toBe(8);

    // A statement of several rows: once on PostgreSQL (for each statement), once a row on SQLite.
    await sql`insert into tax_rates (country, region, rate_ppm, tax_shipping) values ('DE', '', 190000, 1), ('FR', '', 200000, 1)`.execute(database.db);
    expect(await version()).toBe(testDialect === 'postgres' ? 9 : 10);
    // A statement that changes no row still counts on PostgreSQL: a look too many, never one too few.
    const before = await version();
    await sql`delete from tax_rates where country = 'NL'`.execute(database.db);
    expect(await version()).toBe(testDialect === 'postgres' ? before + 1 : before);

    expect((await migration.undo()).error).toBeUndefined();
    expect(await tableNames()).not.toContain('settings_version');
    await sql`update tax_rates set rate_ppm = 90000 where country = 'US'`.execute(database.db);
    const { rows } = await sql<{ country: string }>`select country from tax_rates order by country`.execute(database.db);
    expect(rows.map((row) => row.country)).toEqual(['DE', 'FR', 'US']);
  });
});
