import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, testOrigin } from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { freePort } from './free-port.ts';

/**
 * deploy/nginx/joinery.conf, run by Debian's nginx in front of a shop listening on a port: the public
 * catalogue is answered from nginx's cache and revalidated with the shop's ETags, an admin's change
 * reaches visitors within a second, and nothing personal or cookie-setting is ever kept or handed to
 * someone else. nginx runs as this user under a temporary prefix, on a free port.
 */

const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file));
if (!nginxBinary) {
  console.warn('⚠ Leaving out the tests of deploy/nginx/joinery.conf: no nginx at /usr/sbin/nginx. Install it with `apt-get install nginx` (.ci/run does).');
}

const adminEmail = 'boss@joinery.example';
const adminPassword = 'admin-pass-123';
const config = path.join(import.meta.dirname, '../../deploy/nginx/joinery.conf');

/** One answer through nginx: its status, headers and body. */
interface Answer {
  status: number;
  cacheStatus: string | null;
  headers: Headers;
  body: string;
}

interface ShopRequest {
  url: string;
  ifNoneMatch: string | undefined;
}

/** The shipped file with only the shop's address, the ports and the cache folder changed (in its comments too), each checked to be there. */
function configFor(shopPort: number, nginxPort: number, prefix: string): string {
  const replacements: Array<[string, string]> = [
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${shopPort};`],
    ['listen 80;', `listen 127.0.0.1:${nginxPort};`],
    ['listen [::]:80;', ''],
    ['/var/lib/nginx/joinery', path.join(prefix, 'cache')],
  ];
  let text = fs.readFileSync(config, 'utf8');
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`deploy/nginx/joinery.conf no longer holds "${from}", which this test replaces`);
    text = text.replaceAll(from, to);
  }
  // Debian's nginx has its logs, pid and temporary folders under /var; here all are under the prefix.
  const inPrefix = (name: string) => path.join(prefix, name);
  return [
    `pid ${inPrefix('nginx.pid')};`,
    `error_log ${inPrefix('error.log')} warn;`,
    // Run as root (on CI), nginx would hand its workers to `nobody`, who may not enter the prefix.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${inPrefix('access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${inPrefix(kind)};`),
    text,
    '}',
  ].join('\n');
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 5000, everyMs = 25): Promise<T> {
  const end = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const result = await attempt().catch((error: unknown) => {
      lastError = error;
      return undefined;
    });
    if (result !== undefined) return result;
    if (Date.now() > end) throw new Error(`Waited ${timeoutMs} ms for ${what}`, { cause: lastError });
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

// On CI (.ci/run installs nginx) a missing nginx fails the run rather than leave the file unchecked.
if (!nginxBinary && process.env.CI === 'true') {
  it('has nginx to test deploy/nginx/joinery.conf with', () => {
    throw new Error('No nginx at /usr/sbin/nginx: install it with `apt-get install nginx` (.ci/run does).');
  });
}

describe.skipIf(!nginxBinary)('nginx in front of the shop (deploy/nginx/joinery.conf)', () => {
  let shop: TestApp;
  let nginx: ChildProcess;
  let prefix: string;
  let base: string;
  let admin: string;
  let carol: string;
  let oscar: string;
  const carolsEmail = `carol.${Date.now()}@example.com`;
  /** Every request that reached the shop, as its HTTP server received it. */
  const reachedShop: ShopRequest[] = [];

  beforeAll(async () => {
    shop = await createTestApp({
      seed: true,
      env: {
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // As the README says to run it behind nginx: one proxy hop trusted.
        TRUST_PROXY: '1',
        // The shipped look at the catalogue's version, not the tests' look on every request.
        CATALOGUE_CHECK_MS: '250',
      },
      addRoutes(app) {
        // What the shop makes of the forwarded headers.
        app.get('/api/test/who', { config: { access: 'public' } }, async (request) => ({ ip: request.ip, protocol: request.protocol }));
        // A public-looking answer (`no-cache`, as a revalidated route sends) that sets a visitor's own cookie.
        app.get('/api/test/visitor-cookie', { config: { access: 'public' } }, async (_request, reply) => {
          const visitor = randomUUID();
          return reply.header('cache-control', 'no-cache').header('set-cookie', `visitor=${visitor}; Path=/; HttpOnly`).send({ visitor });
        });
      },
    });
    shop.app.server.on('request', (request: { url?: string; headers: Record<string, string | string[] | undefined> }) => {
      const ifNoneMatch = request.headers['if-none-match'];
      reachedShop.push({ url: request.url ?? '', ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined });
    });
    await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const shopPort = (shop.app.server.address() as AddressInfo).port;

    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-nginx-'));
    const nginxPort = await freePort();
    const conf = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(conf, configFor(shopPort, nginxPort, prefix));
    nginx = spawn(nginxBinary!, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let nginxErrors = '';
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString()));
    base = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`nginx to answer on ${base}`, async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx stopped: ${nginxErrors}${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
      return (await fetch(`${base}/api/health`)).status;
    });

    admin = await signIn(adminEmail, adminPassword);
    carol = await signUp('Carol Customer', carolsEmail);
    oscar = await signUp('Oscar Other', `oscar.${Date.now()}@example.com`);
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await stopped;
    }
    await shop?.close();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  });

  async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${base}${url}`, { headers });
    return { status: response.status, cacheStatus: response.headers.get('x-cache-status'), headers: response.headers, body: await response.text() };
  }

  async function send(method: 'POST' | 'PUT', url: string, body: object, cookie?: string): Promise<Response> {
    return fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', origin: testOrigin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function signIn(email: string, password: string): Promise<string> {
    const response = await send('POST', '/api/auth/sign-in/email', { email, password });
    expect(response.status, await response.clone().text()).toBe(200);
    return cookieFrom(response.headers.getSetCookie());
  }

  async function signUp(name: string, email: string): Promise<string> {
    const response = await send('POST', '/api/auth/sign-up/email', { name, email, password: 'sawdust-123' });
    expect(response.status, await response.clone().text()).toBe(200);
    return cookieFrom(response.headers.getSetCookie());
  }

  const reachedShopFor = (url: string) => reachedShop.filter((request) => request.url === url);

  it('answers the catalogue from its cache, and revalidates it with the shop’s ETag', async () => {
    const url = '/api/products?sort=price_asc';
    const before = reachedShopFor(url).length;
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i += 1) answers.push(await get(url));
    const statuses = answers.map((answer) => answer.cacheStatus);
    const fromCache = statuses.filter((status) => status === 'HIT').length;
    console.info(`20 catalogue requests through nginx: ${fromCache} HIT; the shop saw ${reachedShopFor(url).length - before}`);

    expect(answers.every((answer) => answer.status === 200 && answer.body === answers[0]!.body)).toBe(true);
    expect(answers[0]!.headers.get('cache-control')).toBe('no-cache');
    // Twenty requests in well under two seconds: at most one per second goes to the shop.
    expect(fromCache).toBeGreaterThanOrEqual(17);
    // The shop's own log of requests: only the ones nginx did not answer itself reached it.
    expect(reachedShopFor(url).length - before).toBe(20 - fromCache);

    // Five seconds on, the same turn's copy has expired and is checked with If-None-Match: a 304 from the shop.
    const revalidated = await waitFor('a copy revalidated with the shop', async () => ((await get(url)).cacheStatus === 'REVALIDATED' ? true : undefined), 15_000, 100);
    expect(revalidated).toBe(true);
    expect(reachedShopFor(url).some((request) => request.ifNoneMatch === answers[0]!.headers.get('etag'))).toBe(true);
  });

  it('shows an admin’s change to the admin at once and to every visitor within a second', async () => {
    const products = JSON.parse((await get('/api/products?sort=newest')).body) as Array<Record<string, unknown> & { _id: string; price: number }>;
    // The newest product sold one way, edited with the specification's fields: one sold in several ways is priced by its variants.
    const product = products.find((listed) => Array.isArray(listed.options) && listed.options.length === 0)!;
    const url = `/api/products/${product._id}`;
    const priceOf = (answer: Answer) => (JSON.parse(answer.body) as { price: number }).price;
    // A visitor's copy of the old price is in nginx's cache.
    await waitFor('the product kept by nginx', async () => ((await get(url)).cacheStatus === 'HIT' ? true : undefined));

    const newPrice = Math.round(product.price * 100 + 123) / 100;
    const { _id, ...fields } = product;
    const changeStarted = Date.now();
    const edited = await send('PUT', url, { ...fields, price: newPrice }, admin);
    expect(edited.status, await edited.text()).toBe(200);

    const asAdmin = await get(url, { cookie: admin });
    expect(asAdmin.cacheStatus).toBe('BYPASS');
    expect(priceOf(asAdmin)).toBe(newPrice);

    // A visitor asks again and again; when did the old price last come back?
    const asked: Array<{ after: number; price: number; cacheStatus: string | null }> = [];
    await waitFor(
      'the new price through nginx',
      async () => {
        const after = Date.now() - changeStarted;
        const answer = await get(url);
        asked.push({ after, price: priceOf(answer), cacheStatus: answer.cacheStatus });
        return priceOf(answer) === newPrice ? true : undefined;
      },
      3000,
      20,
    );
    const lastOld = asked.filter((answer) => answer.price !== newPrice).at(-1);
    const firstNew = asked.at(-1)!;
    console.info(
      `a visitor asked ${asked.length} times: the old price last for a request sent ${lastOld?.after ?? '-'} ms after the change began (${lastOld?.cacheStatus ?? '-'}), the new one from ${firstNew.after} ms (${firstNew.cacheStatus})`,
    );
    // The copy with the old price was fetched before the change began, and is used only within that second.
    expect(lastOld === undefined || lastOld.after < 1000).toBe(true);
    // The first request sent after that second (one poll later) has the new one.
    expect(firstNew.after).toBeLessThan(1500);
  });

  it('never keeps or shares a signed-in answer', async () => {
    for (let round = 0; round < 3; round += 1) {
      const asCarol = await get('/api/session', { cookie: carol });
      const asOscar = await get('/api/session', { cookie: oscar });
      const asNobody = await get('/api/session');
      expect(JSON.parse(asCarol.body).user.name).toBe('Carol Customer');
      expect(JSON.parse(asOscar.body).user.name).toBe('Oscar Other');
      expect(JSON.parse(asNobody.body)).toEqual({ user: null });
      expect([asCarol.cacheStatus, asOscar.cacheStatus, asNobody.cacheStatus]).toEqual(['BYPASS', 'BYPASS', 'MISS']);
      expect(asNobody.headers.get('cache-control')).toBe('private, no-store');

      const carolsOrders = await get(`/api/orders/${carolsEmail}`, { cookie: carol });
      expect(carolsOrders.status).toBe(200);
      expect(carolsOrders.cacheStatus).toBe('BYPASS');
      expect((await get(`/api/orders/${carolsEmail}`, { cookie: oscar })).status).not.toBe(200);
      expect((await get(`/api/orders/${carolsEmail}`)).status).toBe(401);
      const everyOrder = await get('/api/orders', { cookie: admin });
      expect([everyOrder.status, everyOrder.cacheStatus]).toEqual([200, 'BYPASS']);
      expect((await get('/api/orders')).status).toBe(401);
    }
    // Even the public catalogue, asked with a session, is neither read from the cache nor written to it.
    expect((await get('/api/products?sort=price_desc', { cookie: carol })).cacheStatus).toBe('BYPASS');
    expect((await get('/api/products?sort=price_desc')).cacheStatus).toBe('MISS');
  });

  it('never keeps or shares an answer that sets a cookie', async () => {
    const url = '/api/test/visitor-cookie';
    const before = reachedShopFor(url).length;
    const answers = await Promise.all([get(url), get(url), get(url)]);
    const visitors = answers.map((answer) => (JSON.parse(answer.body) as { visitor: string }).visitor);
    const cookies = answers.map((answer) => answer.headers.get('set-cookie'));
    expect(answers.map((answer) => answer.headers.get('cache-control'))).toEqual(['no-cache', 'no-cache', 'no-cache']);
    expect(answers.map((answer) => answer.cacheStatus)).toEqual(['MISS', 'MISS', 'MISS']);
    expect(new Set(visitors).size).toBe(3);
    cookies.forEach((cookie, i) => expect(cookie).toContain(`visitor=${visitors[i]}`));
    expect(reachedShopFor(url).length - before).toBe(3);

    // Signing in sets the session cookie: never kept either (a POST), and a sign-in answer reaches only its caller.
    const again = await signIn(adminEmail, adminPassword);
    expect(again).not.toBe(admin);
  });

  it('keeps nothing personal on disk', async () => {
    const kept = fs.readdirSync(path.join(prefix, 'cache'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const texts = kept.map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'latin1'));
    expect(texts.some((text) => text.includes('/api/products'))).toBe(true);
    for (const text of texts) {
      expect(text).not.toMatch(/set-cookie|better-auth|Carol Customer|Oscar Other|visitor=/i);
      expect(text).not.toMatch(/cache-control: private/i);
    }
    console.info(`${kept.length} answers in nginx's cache, none personal`);
  });

  it('tells the shop who the visitor is, not what the visitor claims', async () => {
    const who = JSON.parse((await get('/api/test/who', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).body);
    expect(who).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });
});
