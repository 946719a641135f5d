import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** One test database at the latest migration, and a second connection to it: what two server processes each have. */
export interface SharedDatabase {
  database: TestDatabase;
  secondConnection: DatabaseHandle;
}

/**
 * Sets up the database that a file's server processes share before its tests, and closes both
 * connections after them; the tests close the processes they start on it. The fields of what it
 * answers are there once the tests run.
 */
export function useSharedDatabase(): SharedDatabase {
  const shared = {} as SharedDatabase;
  let database: TestDatabase | undefined;
  let secondConnection: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    secondConnection = database.connectAgain();
    Object.assign(shared, { database, secondConnection });
  });
  afterAll(async () => {
    await secondConnection?.close();
    await database?.dispose();
  });
  return shared;
}
