import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { testDialect } from '../../test/test-database.ts';

/** Migration 026 removes migration 020's accounts' version on both engines, and undoing it puts it back. */
let migration: MigrationUnderTest;

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
  return (await query.execute(migration.database.db)).rows.map((row) => row.name);
}

beforeEach(async () => {
  migration = await databaseMigratedBefore('026-no-account-version');
});
afterEach(() => migration.database.dispose());

describe('migration 026', () => {
  it('leaves no account version behind, and undone makes migration 020’s again', async () => {
    const made = await accountVersionObjects();
    expect(made).toContain('account_version');
    expect(made.length).toBeGreaterThan(1);

    expect((await migration.latest()).error).toBeUndefined();
    expect(await accountVersionObjects()).toEqual([]);

    expect((await migration.undo()).error).toBeUndefined();
    expect(await accountVersionObjects()).toEqual(made);
  });
});
