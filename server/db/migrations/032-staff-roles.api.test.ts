import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseMigratedBefore, type MigrationUnderTest } from '../../test/migrated-before.ts';
import { type TestDatabase, testDialect } from '../../test/test-database.ts';

/** Migration 032 makes every admin there is an owner, leaves customers without a staff role, and undone drops the column. */
let migration: MigrationUnderTest;
let database: TestDatabase;

beforeEach(async () => {
  migration = await databaseMigratedBefore('032-staff-roles');
  database = migration.database;
});
afterEach(() => database.dispose());

async function addUser(id: string, role: 'user' | 'admin') {
  const now = new Date().toISOString();
  const verified = testDialect === 'postgres' ? sql`true` : sql`1`;
  await sql`insert into ${sql.table('user')} (id, name, email, ${sql.id('emailVerified')}, ${sql.id('createdAt')}, ${sql.id('updatedAt')}, role)
    values (${id}, ${id}, ${`${id}@example.com`}, ${verified}, ${now}, ${now}, ${role})`.execute(database.db);
}

const staffRoles = async () => (await sql<{ id: string; staff_role: string | null }>`select id, staff_role from ${sql.table('user')} order by id`.execute(database.db)).rows;

const userColumns = async () =>
  testDialect === 'sqlite'
    ? (await sql<{ name: string }>`select name from pragma_table_info('user')`.execute(database.db)).rows.map((row) => row.name)
    : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'user'`.execute(database.db)).rows.map((row) => row.name);

describe(`migration 032 (${testDialect})`, () => {
  it('makes each admin an owner and each customer nothing, and undone drops the column', async () => {
    await addUser('a-admin', 'admin');
    await addUser('b-customer', 'user');
    await addUser('c-admin', 'admin');

    expect((await migration.apply()).error).toBeUndefined();
    expect(await staffRoles()).toEqual([
      { id: 'a-admin', staff_role: 'owner' },
      { id: 'b-customer', staff_role: null },
      { id: 'c-admin', staff_role: 'owner' },
    ]);

    expect((await migration.undo()).error).toBeUndefined();
    expect(await userColumns()).not.toContain('staff_role');
    expect(await userColumns()).toContain('role');
  });
});
