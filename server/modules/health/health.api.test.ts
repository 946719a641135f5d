import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { migrations } from '../../db/migrate.ts';
import { createShop } from '../../shop.ts';
import { createAppOn } from '../../test/app-at.ts';
import { createTestApp, testSettings, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';

/** Liveness and readiness (ADR 051), as a process manager and a load balancer ask them. */
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ seed: false });
});
afterAll(() => shop.close());

const get = (url: string, app = shop.app) => app.inject({ method: 'GET', url });
const lastMigration = Object.keys(migrations).at(-1)!;

describe('GET /api/health/live', () => {
  it('answers 200 and is never kept by a browser or proxy', async () => {
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 when the database answers and has every migration, never kept', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 503 naming the first missing migration while the database lacks one, and 200 again once it has it', async () => {
    const recorded = await sql<{ timestamp: string }>`select timestamp from ${sql.table(DEFAULT_MIGRATION_TABLE)} where name = ${lastMigration}`.execute(shop.db);
    await sql`delete from ${sql.table(DEFAULT_MIGRATION_TABLE)} where name = ${lastMigration}`.execute(shop.db);
    try {
      const res = await get('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: `The database lacks 1 migration(s) of this build, from ${lastMigration}.` });
      expect(res.headers['cache-control']).toBe('private, no-store');
      // The process itself still runs: no reason to restart it.
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await sql`insert into ${sql.table(DEFAULT_MIGRATION_TABLE)} (name, timestamp) values (${lastMigration}, ${recorded.rows[0]!.timestamp})`.execute(shop.db);
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  // A database server that stops answering is PostgreSQL's failure; SQLite is a file inside the process.
  it.runIf(testDialect === 'postgres')('answers 503 when the database server does not answer, while live still answers 200', async () => {
    const connection = shop.database.connectAgain();
    const other = await createAppOn(connection, { jobs: { startRunner: false } });
    try {
      // Its connections are gone, as when the database server goes down.
      await connection.close();
      const res = await get('/api/health/ready', other.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: 'The database does not answer.' });
      expect((await get('/api/health/live', other.app)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 as soon as the process drains, and every answer then closes its connection', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-health-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...testSettings }, path.join(dataDir, 'no-web-build'));
    const draining = createShop(config, { database: shop.database, logger: false, jobs: { startRunner: false } });
    const app = await buildApp(draining);
    try {
      await app.ready();
      const before = await get('/api/health/ready', app);
      expect(before.statusCode).toBe(200);
      expect(before.headers.connection).not.toBe('close');

      draining.serving.startDraining();
      const res = await get('/api/health/ready', app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: 'This server is stopping.' });
      expect(res.headers.connection).toBe('close');
      // It still serves what it is asked meanwhile.
      const live = await get('/api/health/live', app);
      expect(live.statusCode).toBe(200);
      expect(live.headers.connection).toBe('close');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
