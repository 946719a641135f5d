import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { missingMigrations } from '../../db/migrate.ts';

export function createHealthRepository(db: Database) {
  return {
    /** Resolves when the database answers a trivial query. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },

    /** The migrations this build knows that the database has not applied. */
    missingMigrations: () => missingMigrations(db),
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
