import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openPostgres, openSqlite } from '../db/database.ts';
import { postgresAdminUrl } from './postgres-test-server.ts';

export type TestDialect = 'sqlite' | 'postgres';

/** Which database the API tests run on; the test runner runs them once for each. */
export const testDialect: TestDialect = process.env.JOINERY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase extends DatabaseHandle {
  /** Another connection to the same database, as a second server process would have; close it before disposing. */
  connectAgain(): DatabaseHandle;
  /** Closes the connection and removes the database. */
  dispose(): Promise<void>;
  /** What a server process started apart is given to open this database (DATA_DIR or DATABASE_URL). */
  serverEnv: Record<string, string>;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database: a new SQLite file, or a new PostgreSQL database on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-test-'));
    const file = path.join(dir, 'joinery.db');
    const handle = openSqlite(file);
    return {
      ...handle,
      connectAgain: () => openSqlite(file),
      serverEnv: { DATA_DIR: dir },
      async dispose() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const name = `joinery_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(async (client) => {
    await client.query(`create database ${name}`);
    // A test database is thrown away after its file: a commit need not wait for the disk.
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 20);
  return {
    ...handle,
    connectAgain: () => openPostgres(url.toString(), 20),
    serverEnv: { DATABASE_URL: url.toString() },
    async dispose() {
      await handle.close();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
