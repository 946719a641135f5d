import { type Kysely, PostgresAdapter } from 'kysely';

/** Whether a database is PostgreSQL (where some column types and SQL are spelled differently from SQLite). */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
