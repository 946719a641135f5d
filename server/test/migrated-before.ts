import { type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';
import { migrations } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A migration's test: a fresh database of the project under test (SQLite or PostgreSQL) that has every
 * migration before the one under test, for the test to fill as the shop had it then. Each step answers
 * Kysely's result, whose `error` the test checks: a migration that fails fails its test.
 */
export interface MigrationUnderTest {
  database: TestDatabase;
  /** Applies the migration under test. */
  apply(): Promise<MigrationResultSet>;
  /** Undoes it (and any applied after it), back to the migration just before it. */
  undo(): Promise<MigrationResultSet>;
  /** Applies it and every migration after it: the schema the shop runs on now. */
  latest(): Promise<MigrationResultSet>;
}

/** A new test database migrated up to just before `migration`, a name of server/db/migrate.ts's `migrations`. */
export async function databaseMigratedBefore(migration: string): Promise<MigrationUnderTest> {
  // Kysely runs the migrations in the order of their names, not of the object's keys.
  const names = Object.keys(migrations).sort();
  const at = names.indexOf(migration);
  if (at === -1) throw new Error(`No migration is named ${migration}`);
  const before = at === 0 ? NO_MIGRATIONS : names[at - 1]!;

  const database = await createTestDatabase();
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error } = await migrator.migrateTo(before);
  if (error) {
    await database.dispose();
    throw new Error(`The migrations before ${migration} failed`, { cause: error });
  }
  return { database, apply: () => migrator.migrateTo(migration), undo: () => migrator.migrateTo(before), latest: () => migrator.migrateToLatest() };
}
