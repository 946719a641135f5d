import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shopPageSlugs } from '../../../common/shop-pages.ts';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { type TestDatabase, testDialect } from '../../test/test-database.ts';
import { firstShopPages } from '../seed/first-shop-pages.ts';

/**
 * Migration 035 publishes the first version of each of the owner's pages, makes a publish and a change
 * of the settings move the catalogue's version (which drops the kept pages), and undone leaves no trace.
 */
let migration: MigrationUnderTest;
let database: TestDatabase;

beforeEach(async () => {
  migration = await databaseMigratedBefore('035-shop-pages');
  database = migration.database;
});
afterEach(() => database.dispose());

const catalogueVersion = async () => Number((await sql<{ version: number }>`select version from catalogue_version where id = 1`.execute(database.db)).rows[0]!.version);
const tables = async () =>
  testDialect === 'sqlite'
    ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db)).rows.map((row) => row.name)
    : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(database.db)).rows.map(
        (row) => row.name,
      );

describe(`migration 035 (${testDialect})`, () => {
  it('publishes version 1 of each page, bumps the catalogue’s version on a publish or a setting, and undone drops it all', async () => {
    expect((await migration.apply()).error).toBeUndefined();
    const rows = (await sql<{ slug: string; version: number; title: string }>`select slug, version, title from shop_page_versions order by slug`.execute(database.db)).rows;
    expect(rows).toEqual([...shopPageSlugs].sort().map((slug) => ({ slug, version: 1, title: firstShopPages[slug].title })));

    const before = await catalogueVersion();
    await sql`insert into shop_page_versions (slug, version, title, body, published_at) values ('terms', 2, 'Terms', 'New terms.', '2026-11-28T00:00:00.000Z')`.execute(
      database.db,
    );
    expect(await catalogueVersion()).toBeGreaterThan(before);
    const afterPublish = await catalogueVersion();
    await sql`insert into shop_settings (key, value) values ('return-window-days', '45')`.execute(database.db);
    expect(await catalogueVersion()).toBeGreaterThan(afterPublish);

    expect((await migration.undo()).error).toBeUndefined();
    expect(await tables()).not.toContain('shop_page_versions');
    const settled = await catalogueVersion();
    await sql`update shop_settings set value = '30' where key = 'return-window-days'`.execute(database.db);
    expect(await catalogueVersion()).toBe(settled);
    expect((await migration.apply()).error).toBeUndefined();
  });
});
