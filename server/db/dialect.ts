import { type Kysely, PostgresAdapter } from 'kysely';

/** Whether a migration runs on PostgreSQL (where some column types are spelled differently from SQLite). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
