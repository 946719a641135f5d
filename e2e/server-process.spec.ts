import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import pg from 'pg';
import { postgresAdminUrl } from '../server/test/postgres-test-server.ts';
import { freePort } from '../server/test/free-port.ts';

// The built server started as `npm start` starts it, on its own port and data folder: what an operator sees.
const serverEntry = path.resolve('dist/server/server.js');

interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** The servers the running test started, whose output goes with a failure's report. */
const startedInTest: RunningServer[] = [];

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  startedInTest.push(server);
  // Ready once its health check answers, or done once it has exited (the test then reads why).
  const readyOrExited = async () =>
    child.exitCode !== null ||
    (await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    ));
  await expect.poll(readyOrExited, { timeout: 30_000, message: 'the server neither answered its health check nor exited' }).toBe(true);
  return server;
}

/** The catalogue's size, asked on a connection of its own: one kept from the health check could be closed by the server's keep-alive timeout just as it is reused, on a busy machine. */
function productCount(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/api/products?limit=1`, { agent: false }, (res) => {
        res.resume();
        resolve(Number(res.headers['x-total-count']));
      })
      .on('error', reject);
  });
}

test.describe('the server process', () => {
  test.describe.configure({ mode: 'serial' });
  let dataDir: string;
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-process-'));
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const started = startedInTest.splice(0);
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const [index, server] of started.entries()) {
      await testInfo.attach(`server ${index + 1} output`, { body: `${server.url}\n${server.output()}`, contentType: 'text/plain' });
    }
  });

  test('a bad setting stops the start with a message that names it', async () => {
    const server = await startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await server.stop()).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('Invalid configuration');
  });

  test('a restart on SQLite keeps the data and does not seed twice', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const seeded = await productCount(first.url);
    expect(seeded).toBeGreaterThanOrEqual(12);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await startServer({ DATA_DIR: dataDir });
    expect(await productCount(second.url)).toBe(seeded);
    expect(second.output()).toContain('"demoCatalogueSeeded":false');
    expect(await second.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'joinery.db'))).toBe(true);
  });

  test('WEB_CONCURRENCY=2 serves from two processes on one port, replaces one that dies, and SIGTERM stops them all', async () => {
    test.setTimeout(180_000);
    const listening = (output: string) => [...output.matchAll(/"pid":(\d+)[^\n]*Server listening/g)].map((match) => Number(match[1]));
    const server = await startServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: '2' });
    await expect.poll(() => listening(server.output()).length, { timeout: 60_000 }).toBe(2);
    const [first, second] = listening(server.output());
    expect(first).not.toBe(second);
    expect(await productCount(server.url)).toBeGreaterThanOrEqual(12);

    process.kill(first!, 'SIGKILL');
    await expect.poll(() => listening(server.output()).length, { timeout: 60_000 }).toBe(3);
    expect(server.output()).toContain('a server process stopped; starting another');
    expect(await productCount(server.url)).toBeGreaterThanOrEqual(12);

    expect(await server.stop('SIGTERM')).toBe(0);
    const isRunning = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(listening(server.output()).filter(isRunning)).toEqual([]);
  });

  test('the same start on PostgreSQL works the same', async () => {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    const available = await admin.connect().then(
      () => true,
      () => false,
    );
    test.skip(!available && !process.env.CI, 'no PostgreSQL to start on');
    const name = `joinery_e2e_${Date.now()}`;
    await admin.query(`create database ${name}`);
    try {
      const databaseUrl = new URL(postgresAdminUrl);
      databaseUrl.pathname = `/${name}`;
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() };
      const first = await startServer(env);
      const seeded = await productCount(first.url);
      expect(seeded).toBeGreaterThanOrEqual(12);
      expect(first.output()).toContain('PostgreSQL at 127.0.0.1:5432');
      expect(await first.stop()).toBe(0);

      const second = await startServer(env);
      expect(await productCount(second.url)).toBe(seeded);
      expect(await second.stop()).toBe(0);
      // Nothing was written to the SQLite file: the data is in PostgreSQL.
      expect(fs.existsSync(path.join(dataDir, 'joinery.db'))).toBe(false);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
