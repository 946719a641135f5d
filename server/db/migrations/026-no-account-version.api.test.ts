import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.ts';
import { migrations } from '../migrate.ts';

/** Migration 026 removes migration 020's accounts' version on both engines, and undoing it puts it back. */
let database: TestDatabase;
let migrator: Migrator;

/** The account version's table, triggers and (PostgreSQL) function that exist. */
async function accountVersionObjects(): Promise<string[]> {
  const query =
    testDialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where name like '%account_version%' order by name`
      : sql<{ name: string }>`
          select tablename as name from pg_tables where tablename = 'account_version'
          union all select tgname from pg_trigger where tgname like '%account_version%'
          union all select proname from pg_proc where proname = 'bump_account_version'
          order by name`;
  return (await query.execute(database.db)).rows.map((row) => row.name);
}

beforeEach(async () => {
  database = await createTestDatabase();
  migrator = new Migrator({ db: database.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
});
afterEach(() => database.dispose());

describe('migration 026', () => {
  it('leaves no account version behind, and undone makes migration 020’s again', async () => {
    expect((await migrator.migrateTo('025-one-number-per-order')).error).toBeUndefined();
    const made = await accountVersionObjects();
    expect(made).toContain('account_version');
    expect(made.length).toBeGreaterThan(1);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await accountVersionObjects()).toEqual([]);

    expect((await migrator.migrateTo('025-one-number-per-order')).error).toBeUndefined();
    expect(await accountVersionObjects()).toEqual(made);
  });
});
