import type { Database } from '../../db/database.ts';

/** The accounts' version (migration 020): it goes up whenever a session ends or changes, or an account changes. */
export async function readAccountVersion(db: Database): Promise<number> {
  const row = await db.selectFrom('account_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}
