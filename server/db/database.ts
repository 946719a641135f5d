import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { systemClock } from '../clock.ts';
import { preparingPool } from './pg-prepared-statements.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import { fallbackCheckpointPages, startBackgroundCheckpoints } from './sqlite-checkpoints.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate.ts';
import { sqliteQuerySpan } from './query-spans.ts';
import type { DatabaseSchema } from './schema.ts';

export type Database = Kysely<DatabaseSchema>;
export type DatabaseDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  dialect: DatabaseDialect;
  /** Where the data is, without credentials, for the start-up log. */
  description: string;
  /** PostgreSQL's connection pool, which the job queue (graphile-worker, ADR 009) shares. */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

const int8Oid = 20;

/** pg's own parser for a type: a function from the text it received (its typings say only `any`). */
const pgParser = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (value: string) => unknown;

/** PostgreSQL's COUNT(*) is a bigint, which pg returns as text; our counts fit a JS number. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === int8Oid ? (value: string) => Number(value) : pgParser(oid, format))) as typeof pg.types.getTypeParser,
};

export function openPostgres(url: string, poolSize = 10, { preparedStatements = true }: { preparedStatements?: boolean } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle connection dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => {
    console.error(JSON.stringify({ level: 40, time: systemClock().getTime(), msg: 'idle PostgreSQL connection failed', err: error.message }));
  });
  // Nor one dropped while checked out (the job queue holds one for LISTEN), which pg-pool does not
  // listen to: whoever holds it learns from its failed query (graphile-worker logs it and reconnects),
  // and an idle one is logged above, so this listener only keeps the event from ending the process.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  // Each query with parameters prepared once per connection, unless a pooler cannot keep them (ADR 066).
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: preparedStatements ? preparingPool(pool) : pool }) });
  const where = new URL(url);
  return {
    db,
    dialect: 'postgres',
    description: `PostgreSQL at ${where.host}${where.pathname}`,
    pgPool: pool,
    async close() {
      await db.destroy();
      // Kysely ends the pool only if it ever used it; graphile-worker may have used it alone.
      if (!pool.ending) await pool.end();
    },
  };
}

/**
 * `checkpointInBackground`: a serving process's connection leaves the WAL's checkpoints to a thread of
 * its own (ADR 061); scripts and tests checkpoint as SQLite does by default.
 */
export function openSqlite(file: string, { checkpointInBackground = false }: { checkpointInBackground?: boolean } = {}): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while a write commits; the busy timeout rides out a checkpoint.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Logged as the pool's failures are: the shop's logger is made after the database.
  const checkpoints = checkpointInBackground
    ? startBackgroundCheckpoints(file, (message) =>
        console.error(JSON.stringify({ level: 40, time: systemClock().getTime(), msg: 'a background checkpoint failed', err: message })),
      )
    : undefined;
  if (checkpoints) sqlite.pragma(`wal_autocheckpoint = ${fallbackCheckpointPages}`);
  const db = new Kysely<DatabaseSchema>({ dialect: new ImmediateSqliteDialect({ database: withPreparedStatements(sqlite) }), log: sqliteQuerySpan });
  return {
    db,
    dialect: 'sqlite',
    description: `SQLite at ${file}`,
    async close() {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/** PostgreSQL when a URL is given, otherwise the embedded SQLite file. */
export function openDatabase(
  options: { databaseUrl: string | undefined; databasePoolSize: number; databasePreparedStatements: boolean; dataDir: string },
  { serving = false }: { serving?: boolean } = {},
): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize, { preparedStatements: options.databasePreparedStatements })
    : openSqlite(path.join(options.dataDir, 'joinery.db'), { checkpointInBackground: serving });
}
