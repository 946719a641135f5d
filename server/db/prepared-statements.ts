import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 as Kysely's SQLite dialect sees it, with each distinct SQL text prepared once and
 * reused: the dialect asks for a new statement on every query, and preparing one cost 4–5 % of a
 * catalogue request. The shop's queries are a few hundred shapes (their values travel as parameters),
 * so the most recently used `limit` are kept. Reusing one is safe: better-sqlite3 runs nothing else on
 * the connection while a statement is being read as a stream (the CSV export), and Kysely waits for it.
 */
export function withPreparedStatements(sqlite: SQLite.Database, limit = 500): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const kept = prepared.get(sql);
      // Map keeps insertion order: taking a statement out and back in marks it the most recent.
      if (kept) prepared.delete(sql);
      const statement = kept ?? sqlite.prepare(sql);
      prepared.set(sql, statement);
      if (prepared.size > limit) prepared.delete(prepared.keys().next().value!);
      return statement;
    },
  };
}
