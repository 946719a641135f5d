/** Whether a database error is a unique index refusing a row (SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
