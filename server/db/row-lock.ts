import { sql } from 'kysely';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';

/** The tables whose rows a transaction locks to serialise the writes that depend on them. */
type LockedTable = 'orders' | 'user';

/**
 * Makes the rest of `transaction` wait for, and be waited for by, every other transaction that locks
 * the same row: the first statement of a transaction that reads a bound (what is left to refund, how
 * many lines a cart holds) and then writes within it. PostgreSQL locks the row itself. SQLite has one
 * writer: a write taken first (one that changes nothing) makes the transaction that writer before it
 * reads anything, so that no other process can commit between its read and its write.
 */
export async function lockRowForWrite(transaction: Database, table: LockedTable, id: string): Promise<void> {
  if (isPostgres(transaction)) {
    await sql`select 1 from ${sql.table(table)} where id = ${id} for update`.execute(transaction);
    return;
  }
  await becomeTheWriter(transaction);
}

/** SQLite has one writer: a write that changes nothing makes this transaction it, before it reads anything. */
export async function becomeTheWriter(transaction: Database): Promise<void> {
  await sql`update app_meta set value = value where 0 = 1`.execute(transaction);
}

/** Runs `work` in a transaction that first holds the row (`lockRowForWrite`), so that writes bounded by what it reads queue. */
export function whileHolding<T>(db: Database, table: LockedTable, id: string, work: (transaction: Database) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockRowForWrite(trx, table, id);
    return work(trx);
  });
}
