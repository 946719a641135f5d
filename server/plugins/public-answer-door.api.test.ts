import http from 'node:http';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../common/schemas/products.ts';
import { captureLog, type LogLine } from '../test/log-capture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testDialect } from '../test/test-database.ts';

/**
 * A kept catalogue answer, once Fastify has sent it, is sent again from in front of Fastify (ADR 025):
 * over a real socket, with the very headers and bytes Fastify sent, a 304 for a current copy, and the
 * catalogue's changes seen as before. `app.inject` never reaches the door: these tests listen.
 */
let shop: TestApp | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on a connection of its own, the body as sent (still compressed). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function listeningShop(env: NodeJS.ProcessEnv): Promise<{ url: string; lines: LogLine[] }> {
  const log = captureLog();
  // Every request logged (a sample of one), so that the log says which were answered at the door.
  shop = await createTestApp({ env: { CATALOGUE_CHECK_MS: '1000', REQUEST_LOG_SAMPLE: '1', ...env }, logStream: log.stream });
  const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, lines: log.lines };
}

const doorLines = (lines: LogLine[]) => lines.filter((line) => line.answeredAtTheDoor === true);

/**
 * Asks until the door answers, at most five times: on a busy machine the version read by the last
 * request through Fastify can grow stale between two requests, and the door then leaves that one to
 * Fastify, which reads it again.
 */
async function getAtTheDoor(url: string, path: string, lines: LogLine[], headers: Record<string, string> = {}): Promise<Answer> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    lines.length = 0;
    const answer = await get(`${url}${path}`, headers);
    if (doorLines(lines).length > 0) return answer;
  }
  throw new Error(`The door never answered ${path}.`);
}

/** The body as the client reads it, after checking that it is as long as its Content-Length says. */
function decoded(answer: Answer): string {
  expect(answer.body.length).toBe(Number(answer.headers['content-length']));
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  expect(encoding).toBeUndefined();
  return answer.body.toString();
}
/** The headers that differ from one request to the next. */
const perRequest = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const sharedHeaders = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.has(name)));

describe(`kept answers sent at the door (${testDialect})`, () => {
  it('sends the bytes and every header Fastify sent, but a request id of its own', async () => {
    const { url, lines } = await listeningShop({});
    for (const encoding of ['br', 'gzip', 'identity']) {
      const path = `/api/products?limit=4&encoding-test=${encoding}`;
      const asked = { 'accept-encoding': encoding };
      await get(`${url}${path}`, asked); // kept
      const fromFastify = await get(`${url}${path}`, asked); // sent from memory by Fastify's first hooks
      const fromDoor = await getAtTheDoor(url, path, lines, asked);
      expect(doorLines(lines)).toEqual([expect.objectContaining({ req: { method: 'GET', url: path }, res: { statusCode: 200 } })]);

      expect(fromDoor.status).toBe(200);
      expect(fromDoor.body.equals(fromFastify.body)).toBe(true);
      expect(sharedHeaders(fromDoor.headers)).toEqual(sharedHeaders(fromFastify.headers));
      expect(fromDoor.headers['content-security-policy']).toBeDefined();
      expect(fromDoor.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(fromDoor.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(fromDoor.headers['x-request-id']).not.toBe(fromFastify.headers['x-request-id']);
    }
  });

  it('answers a current copy with a 304 and no body', async () => {
    const { url, lines } = await listeningShop({});
    const first = await get(`${url}/api/reviews?limit=3`);
    const current = { 'if-none-match': String(first.headers.etag) };
    const fromFastify = await get(`${url}/api/reviews?limit=3`, current);
    const fromDoor = await getAtTheDoor(url, '/api/reviews?limit=3', lines, current);
    expect(doorLines(lines)).toEqual([expect.objectContaining({ res: { statusCode: 304 } })]);
    expect(fromDoor.status).toBe(304);
    expect(fromDoor.body.length).toBe(0);
    expect(sharedHeaders(fromDoor.headers)).toEqual(sharedHeaders(fromFastify.headers));

    // A copy from before a change is not current: it gets the whole answer.
    const stale = await get(`${url}/api/reviews?limit=3`, { 'if-none-match': '"an-older-tag"' });
    expect(stale.status).toBe(200);
    expect(decoded(stale)).toBe(decoded(first));
  });

  it('sends whole, readable answers in every encoding after clients that ask in unusual ways', async () => {
    const { url, lines } = await listeningShop({});
    const path = '/api/products?limit=8';
    const plain = decoded(await get(`${url}${path}`, { 'accept-encoding': 'identity' }));
    // Asked in capitals, with a wildcard, with brotli refused: each answer must still be what it says.
    for (const asked of ['BR', '*', '*', 'br;q=0, gzip', 'GZIP', 'BR', 'br', 'br, gzip', 'br, gzip', 'gzip', 'identity']) {
      const answer = await get(`${url}${path}`, { 'accept-encoding': asked });
      expect(answer.status).toBe(200);
      expect(decoded(answer), asked).toBe(plain);
    }
    for (const asked of ['br, gzip', 'gzip', 'identity']) {
      const fromDoor = await getAtTheDoor(url, path, lines, { 'accept-encoding': asked });
      expect(decoded(fromDoor), asked).toBe(plain);
    }
  });

  it('sends a change written by another process within a second', async () => {
    // The shipped setting: the catalogue's version is read at most every 250 ms.
    const { url, lines } = await listeningShop({ CATALOGUE_CHECK_MS: '250' });
    const [product] = JSON.parse((await get(`${url}/api/products?limit=1`)).body.toString()) as Product[];
    const path = `/api/products/${product!._id}`;
    const priceServed = async () => (JSON.parse((await get(`${url}${path}`)).body.toString()) as Product).price;
    for (let index = 0; index < 2; index += 1) expect(await priceServed()).toBe(product!.price);
    const fromDoor = JSON.parse((await getAtTheDoor(url, path, lines)).body.toString()) as Product;
    expect(fromDoor.price).toBe(product!.price);

    // Written as another process writes it: straight to the database, whose trigger raises the version.
    await shop!.db.updateTable('products').set({ price_cents: 123_45 }).where('id', '=', product!._id).execute();
    const changedAt = performance.now();
    let served = product!.price;
    let askedAt = changedAt;
    while (served !== 123.45 && performance.now() - changedAt < 1500) {
      askedAt = performance.now();
      served = await priceServed();
      if (served !== 123.45) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(served).toBe(123.45);
    // The request that first got the new price was sent within a second of the change.
    expect(askedAt - changedAt).toBeLessThan(1000);
  });

  it('leaves every request to Fastify when the access log is on, which logs each one', async () => {
    const { url, lines } = await listeningShop({ ACCESS_LOG: 'true' });
    for (let index = 0; index < 4; index += 1) expect((await get(`${url}/api/products?limit=2`)).status).toBe(200);
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(4);
    expect(doorLines(lines)).toHaveLength(0);
  });
});
