import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { freePort } from '../../test/free-port.ts';
import { metricValue } from '../../test/scrape.ts';
import { transpiledServer } from '../../test/transpiled-server.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

/**
 * The shop as `npm start` runs it (ADR 052): a server process of its own, compiled as the build
 * compiles it and preloaded with server/telemetry.ts, two cluster workers behind one port, and a local OTLP/HTTP receiver standing in for the collector that
 * keeps every batch of spans the processes send it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const token = 'scraper-token-for-the-tests';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string } }[];
}

let database: TestDatabase;
let dataDir: string;
/** The server compiled as the build compiles it. */
let built: string | undefined;
let child: ChildProcess;
let output = '';
let url: string;
let receiver: http.Server;
const spans: ExportedSpan[] = [];

/** The collector's stand-in: OTLP/HTTP with JSON bodies, as @opentelemetry/exporter-trace-otlp-http sends them. */
async function startReceiver(): Promise<string> {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const batch = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
        for (const resource of batch.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}

/** A GET on a connection of its own, so that the cluster hands each to the next process in turn. */
function getOnNewConnection(route: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${route}`, { agent: false, headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value.stringValue;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-telemetry-'));
  const collector = await startReceiver();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...database.serverEnv,
    WEB_CONCURRENCY: '2',
    METRICS_TOKEN: token,
    // Without SMTP_URL the notice of a contact message is written to DATA_DIR/mail-outbox, by a job.
    SHOP_NOTIFY_EMAIL: 'workshop@joinery.example',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector,
    // Spans are sent in batches; a short delay lets the test see them at once.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    LOG_LEVEL: 'warn',
  };
  built = transpiledServer();
  child = spawn(process.execPath, ['--import', path.join(built, 'server/telemetry.js'), path.join(built, 'server/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
      expect((await getOnNewConnection('/api/health')).status).toBe(200);
    },
    { timeout: 60_000, interval: 200 },
  );
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (built) fs.rmSync(built, { recursive: true, force: true });
});

describe('a shop started with OTEL_EXPORTER_OTLP_ENDPOINT and two server processes', () => {
  it('exports a trace of each request, named by its route, with its database queries inside it', async () => {
    expect((await getOnNewConnection('/api/health')).status).toBe(200);
    await vi.waitFor(
      () => {
        const request = spans.find((span) => span.name === 'GET /api/health' && attribute(span, 'http.route') === '/api/health');
        expect(request, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
        const query = spans.find((span) => span.traceId === request!.traceId && span.attributes.some((entry) => entry.key.startsWith('db.')));
        expect(query, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('exports a span for each background job it runs', async () => {
    const contact = { name: 'Walter', email: 'walter@example.com', phone: '', requirement: 'Do you make a left-handed marking knife?' };
    const sent = await fetch(`${url}/api/contact-messages`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(contact) });
    expect(sent.status, await sent.text()).toBe(201);
    await vi.waitFor(() => expect(spans.map((span) => span.name)).toContain('job send-email'), { timeout: 15_000, interval: 100 });
  });

  it('answers a scrape with the whole machine’s figures: every process’s requests added up', async () => {
    const healthChecks = async () => {
      const scraped = await getOnNewConnection('/metrics', { authorization: `Bearer ${token}` });
      expect(scraped.status, scraped.body).toBe(200);
      return metricValue(scraped.body, 'joinery_http_request_duration_seconds_count', { route: '/api/health', status_code: '200' });
    };
    const before = await healthChecks();
    for (let index = 0; index < 20; index += 1) expect((await getOnNewConnection('/api/health')).status).toBe(200);
    // Whichever process answers the scrape, it reports all twenty.
    for (let scrape = 0; scrape < 4; scrape += 1) expect(await healthChecks()).toBe(before + 20);
    expect((await getOnNewConnection('/metrics', { authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);
  });
});
