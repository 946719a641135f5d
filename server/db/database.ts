import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from './schema.ts';

export type Database = Kysely<DatabaseSchema>;
export type DatabaseDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  dialect: DatabaseDialect;
  /** Where the data is, without credentials, for the start-up log. */
  description: string;
  close(): Promise<void>;
}

const int8Oid = 20;

/** PostgreSQL's COUNT(*) is a bigint, which pg returns as text; our counts fit a JS number. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8Oid ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle connection dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => {
    console.error(JSON.stringify({ level: 40, time: Date.now(), msg: 'idle PostgreSQL connection failed', err: error.message }));
  });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  const where = new URL(url);
  return {
    db,
    dialect: 'postgres',
    description: `PostgreSQL at ${where.host}${where.pathname}`,
    close: () => db.destroy(),
  };
}

export function openSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while a write commits; the busy timeout rides out a checkpoint.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', description: `SQLite at ${file}`, close: () => db.destroy() };
}

/** PostgreSQL when a URL is given, otherwise the embedded SQLite file. */
export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, 'joinery.db'));
}
