import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../../common/schemas/newsletter-campaigns.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { newRecordId } from '../../record-id.ts';
import { cookieFrom } from '../../test/accounts.ts';
import { shopMailEnv } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { tokenHash } from '../../token-hash.ts';
import { freePort } from '../../test/free-port.ts';
import { transpiledServer } from '../../test/transpiled-server.ts';

/**
 * A campaign to 1,000 readers whose server process is killed (SIGKILL: no goodbye, a transaction
 * possibly half done) in the middle of sending, then started again: every confirmed address gets the
 * message exactly once, and the unconfirmed and unsubscribed get nothing. The server runs as `npm
 * start` runs it, in a process of its own (compiled as the build compiles it, as no build is made
 * for the API tests), on the test's database, mailing the test's SMTP stand-in, which counts what arrives.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const adminEmail = 'boss@joinery.example';
const adminPassword = 'admin-pass-123';
const subject = 'A thousand readers';

interface ServerProcess {
  child: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
}

/** The server compiled as the build compiles it, for both of its processes. */
let built: string | undefined;
const started: ServerProcess[] = [];
// Compiling takes seconds, more on a busy machine.
beforeAll(() => {
  built = transpiledServer();
}, 120_000);

async function startServer(url: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(built!, 'server/server.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { child, exited: new Promise((resolve) => child.once('exit', resolve)), output: () => output };
  started.push(server);
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
      expect((await fetch(`${url}/api/health`)).ok).toBe(true);
    },
    { timeout: 60_000, interval: 200 },
  );
  return server;
}

/**
 * The queue gives the jobs of a process that died back after 4 hours (ADR 009): its lock proves
 * nothing after that. The test cannot wait so long, so it moves the dead process's locks 5 hours back.
 */
async function ageLocksOfDeadProcess(db: Database): Promise<void> {
  if (isPostgres(db)) {
    await sql`update graphile_worker._private_jobs set locked_at = locked_at - interval '5 hours' where locked_at is not null`.execute(db);
    return;
  }
  await db
    .updateTable('jobs')
    .set({ locked_at: new Date(Date.now() - 5 * 3_600_000).toISOString() })
    .where('locked_at', 'is not', null)
    .execute();
}

let database: TestDatabase | undefined;
let standIn: SmtpStandIn | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  await standIn?.close();
  await database?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (built) fs.rmSync(built, { recursive: true, force: true });
});

const stamp = '2026-01-01T00:00:00.000Z';

describe('a campaign whose server process is killed mid-send', () => {
  it('reaches each of 1,000 confirmed addresses exactly once after a restart, and nobody else', { timeout: 300_000 }, async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    const { db } = database;
    const confirmed = Array.from({ length: 1000 }, (_, index) => `reader${String(index).padStart(4, '0')}@readers.example`);
    const unconfirmed = Array.from({ length: 50 }, (_, index) => `waiting${index}@readers.example`);
    const leaving = Array.from({ length: 20 }, (_, index) => `leaving${index}@readers.example`);
    const rows = [...confirmed, ...leaving].map((email) => ({ id: newRecordId(), email, created_at: stamp, confirmed_at: stamp }));
    for (let at = 0; at < rows.length; at += 200)
      await db
        .insertInto('newsletter_subscribers')
        .values(rows.slice(at, at + 200))
        .execute();
    await db
      .insertInto('newsletter_subscribers')
      .values(unconfirmed.map((email) => ({ id: newRecordId(), email, created_at: stamp, confirmed_at: null })))
      .execute();
    const leavingRows = rows.filter((row) => row.email.startsWith('leaving'));
    await db
      .insertInto('newsletter_tokens')
      .values(leavingRows.map((row) => ({ token_hash: tokenHash(`token-${row.id}`), subscriber_id: row.id, created_at: stamp })))
      .execute();

    standIn = await startSmtpStandIn();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-campaign-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...database.serverEnv,
      ...(shopMailEnv(standIn) as Record<string, string>),
      PUBLIC_URL: url,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      NEWSLETTER_RATE_PER_MINUTE: '60000',
      LOG_LEVEL: 'warn',
    };
    const first = await startServer(url, env);

    const send = (method: string, route: string, cookie: string, body?: object) =>
      fetch(`${url}${route}`, {
        method,
        headers: { origin: url, cookie, ...(body && { 'content-type': 'application/json' }) },
        ...(body && { body: JSON.stringify(body) }),
      });
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const admin = cookieFrom(signIn.headers.getSetCookie());

    // Twenty readers leave with the one-click link of an earlier e-mail.
    for (const row of leavingRows) expect((await send('POST', `/api/newsletter/unsubscribe?token=token-${row.id}`, '')).status).toBe(200);

    const created = await send('POST', '/api/newsletter/campaigns', admin, { subject, body: '## Spring\n\nNew chisels in the shop.' });
    expect(created.status, await created.clone().text()).toBe(201);
    const campaignId = ((await created.json()) as Campaign)._id;
    const sending = await send('POST', `/api/newsletter/campaigns/${campaignId}/send`, admin, {});
    expect(sending.status).toBe(202);
    expect((await sending.json()) as Campaign).toMatchObject({ state: 'sending', recipients: 1000 });

    const received = () => standIn!.received.filter((mail) => mail.subject === subject).flatMap((mail) => mail.to);
    await vi.waitFor(() => expect(received().length).toBeGreaterThanOrEqual(300), { timeout: 120_000, interval: 10 });
    // The mail server stops answering: the messages in flight stay in flight.
    standIn.hold();
    const recipientsIn = async (state: string) =>
      Number(
        (
          await db
            .selectFrom('newsletter_campaign_recipients')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('campaign_id', '=', campaignId)
            .where('state', '=', state)
            .executeTakeFirstOrThrow()
        ).count,
      );
    // It is killed mid-send: with readers claimed whose messages are queued and not delivered (the
    // batches go on claiming while the mail server hangs), and every accepted message recorded.
    await vi.waitFor(
      async () => {
        expect(await recipientsIn('sent')).toBe(received().length);
        expect(await recipientsIn('queued')).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 20 },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const beforeTheCrash = received().length;
    expect(beforeTheCrash).toBeLessThan(1000);

    standIn.release();
    await ageLocksOfDeadProcess(db);
    const second = await startServer(url, env);
    await vi.waitFor(
      async () => {
        const campaign = (await (await send('GET', `/api/newsletter/campaigns/${campaignId}`, admin)).json()) as Campaign;
        expect(campaign.state).toBe('sent');
      },
      { timeout: 180_000, interval: 250 },
    );
    const campaign = (await (await send('GET', `/api/newsletter/campaigns/${campaignId}`, admin)).json()) as Campaign;
    expect(campaign).toMatchObject({ recipients: 1000, sent: 1000, failed: 0, skipped: 0 });
    // Each confirmed address once: no one twice, no one left out, and no one else.
    expect(received().toSorted()).toEqual(confirmed);
    expect(received().length).toBeGreaterThan(beforeTheCrash);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
