import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPicturesManifest } from '../../common/built-pictures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;
let webRoot: string;
/** Stands in for a WebP picture's bytes: only who serves them, and how, matters here. */
const picture = Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 a picture', 'latin1');

beforeAll(async () => {
  // A stand-in for the built web app: an index page and one hashed asset.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Joinery</title><div id="root"></div>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // The build writes brotli copies beside the files; the server sends them to browsers that accept br.
  fs.writeFileSync(path.join(webRoot, 'index.html.br'), zlib.brotliCompressSync(fs.readFileSync(path.join(webRoot, 'index.html'))));
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js.br'), zlib.brotliCompressSync(fs.readFileSync(path.join(webRoot, 'assets', 'main-abc123.js'))));
  // One of the shop's own product pictures under its hashed name, and the build's note of its stable one.
  fs.writeFileSync(path.join(webRoot, 'assets', 'smoothing-plane-Ab12Cd34.webp'), picture);
  fs.writeFileSync(path.join(webRoot, productPicturesManifest), JSON.stringify({ 'smoothing-plane.webp': 'assets/smoothing-plane-Ab12Cd34.webp' }));
  // The logo the e-mails show, as the build copies it from web/public.
  fs.mkdirSync(path.join(webRoot, 'images'));
  fs.writeFileSync(path.join(webRoot, 'images', 'email-logo.png'), picture);
  shop = await createTestApp({ webRoot });
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('pictures meant for e-mail', () => {
  it('may be loaded by a mail reader on another origin, while the rest of the shop stays same-origin', async () => {
    const logo = await shop.app.inject({ method: 'GET', url: '/images/email-logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const url of ['/', '/api/health', '/assets/smoothing-plane-Ab12Cd34.webp']) {
      expect((await shop.app.inject({ method: 'GET', url })).headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});

describe('unknown API paths', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('answer %s with a JSON 404 naming the path', async (method) => {
    const res = await shop.app.inject({ method, url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: `There is no API endpoint ${method} /api/no-such-thing.` });
  });
});

describe('error replies', () => {
  it('answer malformed JSON with a 400 in the error shape', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/JSON/i) });
  });

  it('answer an unsupported body type with a 415', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/newsletter', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answer a query that breaks the schema with a 400 naming the field, without internals', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/products?sort=cheapest',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(/sort/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|stack/i);
  });
});

describe('headers', () => {
  it('sets security headers and a content security policy', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Uploaded product pictures are the shop's own; a product's image may also be any https address.
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Plain http must not be told to upgrade, or every request of a local shop would break.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('echoes a request id of its own so that a log line can be found', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('the web app', () => {
  it.each(['/', '/home', '/dashboard/myorders', '/purchase/123', '/no/such/page'])('serves index.html at %s', async (url) => {
    const res = await shop.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves the pre-compressed page to a browser, still never cached', async () => {
    for (const url of ['/', '/dashboard/myorders']) {
      const res = await shop.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    }
  });

  it('answers 304 without the page to a browser whose copy is this build’s, and the page to any other', async () => {
    const first = await shop.app.inject({ method: 'GET', url: '/products' });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await shop.app.inject({ method: 'GET', url: '/products', headers: { 'if-none-match': String(tag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Each page carries its own title and description, so another page's copy is not this one.
    const otherPage = await shop.app.inject({ method: 'GET', url: '/dashboard/myorders', headers: { 'if-none-match': String(tag) } });
    expect(otherPage.statusCode).toBe(200);
    const stale = await shop.app.inject({ method: 'GET', url: '/products', headers: { 'if-none-match': '"an-older-build"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('<div id="root">');
  });

  it('serves hashed assets compressed with a year-long cache', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('console.log(');
  });

  it('sends the brotli copy the build made, with the headers that apply to a file and not those of a page', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(fs.readFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'utf8'));
  });

  it('answers a missing file with 404 rather than the page', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('serves a product picture under its hashed name for a year, and under its stable name for a day', async () => {
    const hashed = await shop.app.inject({ method: 'GET', url: '/assets/smoothing-plane-Ab12Cd34.webp' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['content-type']).toBe('image/webp');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.rawPayload.equals(picture)).toBe(true);

    const stable = await shop.app.inject({ method: 'GET', url: '/images/products/smoothing-plane.webp' });
    expect(stable.statusCode).toBe(200);
    expect(stable.headers['content-type']).toBe('image/webp');
    expect(stable.headers['cache-control']).toBe('public, max-age=86400');
    expect(stable.headers['x-content-type-options']).toBe('nosniff');
    expect(stable.rawPayload.equals(picture)).toBe(true);
  });

  it('answers a product picture the build did not make with 404', async () => {
    for (const url of ['/images/products/no-such-tool.webp', '/images/products/smoothing-plane-Ab12Cd34.webp']) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('OpenAPI', () => {
  it('describes the catalogue calls from the zod schemas', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/reviews', '/api/health']));
    const listParams = doc.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['limit', 'offset', 'q', 'sort']));
  });

  it('serves the browsable docs page', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
