import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { freePort } from '../../test/free-port.ts';
import { shopInbox, shopMailEnv } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-database.ts';
import { transpiledServer } from '../../test/transpiled-server.ts';

/**
 * A server process told to stop (SIGTERM) while it serves and runs a job (ADR 051). It runs as `npm
 * start` runs it, in a process of its own (compiled as the build compiles it, as no build is made for
 * the API tests), on the test's database.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const adminEmail = 'boss@joinery.example';
const adminPassword = 'admin-pass-123';

interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** The server compiled as the build compiles it, once for every process the tests start. */
let built: string | undefined;
const started: ServerProcess[] = [];
const cleanUps: Array<() => Promise<void> | void> = [];
// Compiling takes seconds, more on a busy machine.
beforeAll(() => {
  built = transpiledServer();
}, 120_000);
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  if (built) fs.rmSync(built, { recursive: true, force: true });
});

async function preparedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  cleanUps.push(() => database.dispose());
  await migrateToLatest(database.db);
  return database;
}

async function startServer(database: TestDatabase, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // On SQLite the database is in the data folder, which the processes share as the test database's.
  let dataDir = database.serverEnv.DATA_DIR;
  if (!dataDir) {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-leaving-'));
    cleanUps.push(() => fs.rmSync(own, { recursive: true, force: true }));
    dataDir = own;
  }
  const child = spawn(process.execPath, [path.join(built!, 'server/server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      ...database.serverEnv,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { url, child, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)), output: () => output };
  started.push(server);
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
      expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
    },
    { timeout: 60_000, interval: 200 },
  );
  return server;
}

/** Whether a new connection is taken: false once the server has stopped listening. */
async function takesConnections(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health/live`);
    return true;
  } catch {
    return false;
  }
}

/** A sign-in whose body arrives in two halves, the second when the test says: a request in flight for as long as it likes. */
function slowSignIn(url: string) {
  const body = JSON.stringify({ email: adminEmail, password: adminPassword });
  const request = http.request(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
  });
  request.write(body.slice(0, 10));
  return {
    answered,
    finish: () => request.end(body.slice(10)),
  };
}

describe('a server process told to stop (SIGTERM)', () => {
  it('answers ready with 503 at once, refuses new connections after the delay, finishes the request in flight, and exits 0', { timeout: 180_000 }, async () => {
    const database = await preparedDatabase();
    const server = await startServer(database, { SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_GRACE_MS: '20000' });
    const inFlight = slowSignIn(server.url);
    // Its headers are in: the server is reading its body.
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill('SIGTERM');
    await vi.waitFor(async () => expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(503), { timeout: 1000, interval: 50 });
    const stopping = await fetch(`${server.url}/api/health/ready`);
    expect(await stopping.json()).toEqual({ code: 'UNAVAILABLE', message: 'This server is stopping.' });
    expect(stopping.headers.get('connection')).toBe('close');
    // Only readiness says so: the rest is served as usual meanwhile.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);

    await vi.waitFor(async () => expect(await takesConnections(server.url)).toBe(false), { timeout: 5000, interval: 50 });
    expect(server.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer.status, answer.body).toBe(200);
    expect(answer.headers['set-cookie']).toBeDefined();
    expect(answer.headers.connection).toBe('close');
    expect(await server.exited, server.output()).toBe(0);
  });

  it('hands back a job it holds that does not finish in the grace period, and another process runs it', { timeout: 180_000 }, async () => {
    const database = await preparedDatabase();
    const standIn: SmtpStandIn = await startSmtpStandIn();
    cleanUps.push(() => standIn.close());
    const mailEnv = { ...(shopMailEnv(standIn) as Record<string, string>) };
    const first = await startServer(database, { ...mailEnv, SHUTDOWN_GRACE_MS: '1000' });

    // The mail server takes the shop's notice of a contact message and never answers: the job hangs.
    standIn.hold();
    const sent = await fetch(`${first.url}/api/contact-messages`, {
      method: 'POST',
      headers: { origin: first.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann.joiner@example.com', name: 'Ann Joiner', phone: '+1 555 010 2030', requirement: 'Twelve bevel-edge chisels.' }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    await vi.waitFor(() => expect(standIn.attempts()).toBe(1), { timeout: 30_000, interval: 50 });

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    // Given back, not left held by a process that is gone (which would wait hours to be freed).
    const held =
      testDialect === 'postgres'
        ? await sql<{ held: string }>`select count(*)::text as held from graphile_worker.jobs where locked_at is not null`.execute(database.db)
        : await sql<{ held: string }>`select count(*) as held from jobs where locked_at is not null`.execute(database.db);
    expect(Number(held.rows[0]!.held)).toBe(0);
    expect(standIn.received).toHaveLength(0);

    standIn.release();
    const second = await startServer(database, mailEnv);
    await vi.waitFor(() => expect(standIn.received.filter((mail) => mail.to.includes(shopInbox))).toHaveLength(1), { timeout: 60_000, interval: 100 });
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
  });
});
