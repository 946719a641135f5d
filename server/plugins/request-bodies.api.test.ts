import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOrigin } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { maxBodyDepth } from './body-depth-limit.ts';

/**
 * Bodies sent to better-auth's routes are judged by the same limits as the shop's own: nesting depth,
 * size and type. A refused body answers the API's `{ code, message }` and never reaches better-auth.
 */
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ seed: false });
});
afterAll(async () => {
  await shop.close();
});

/** Each call comes from its own address, so that no rate limit answers before the body is judged. */
let nextClient = 1;
const newClient = () => `10.7.0.${nextClient++}`;

const routes = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/newsletter'];

function post(url: string, payload: string, contentType: string) {
  return shop.app.inject({
    method: 'POST',
    url,
    headers: { origin: testOrigin, 'content-type': contentType },
    payload,
    remoteAddress: newClient(),
  });
}

const usersNow = async () => (await shop.db.selectFrom('user').select('id').execute()).length;

describe('a deeply nested JSON body', () => {
  // About 30 KB each: far under the size limit, deep enough to overflow code that recurses.
  const deepArrays = '['.repeat(5000) + ']'.repeat(5000);
  const deepObjects = '{"email":'.repeat(5000) + '"a@example.com"' + '}'.repeat(5000);

  it.each(routes)('is refused at %s with a 400 naming the limit', async (url) => {
    for (const payload of [deepArrays, deepObjects]) {
      const res = await post(url, payload, 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: `The request body is nested too deeply: at most ${maxBodyDepth} levels of arrays and objects.`,
      });
    }
  });

  it.each(routes)('is judged at %s by the same count: one level past the limit is refused, the limit itself is not', async (url) => {
    // An object holding arrays: `levels` levels in all.
    const nested = (levels: number) => `{"email":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)},"password":"sawdust-123"}`;
    const past = await post(url, nested(maxBodyDepth + 1), 'application/json');
    expect(past.json().message).toMatch(/nested too deeply/);
    const at = await post(url, nested(maxBodyDepth), 'application/json');
    expect(at.statusCode).toBe(400);
    expect(at.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.not.stringMatching(/nested too deeply/) });
    expect(await usersNow()).toBe(0);
  });
});

describe('a body over the size limit', () => {
  const huge = JSON.stringify({ email: 'big@example.com', password: 'sawdust-123', name: 'x'.repeat(1_100_000) });

  it.each(routes)('is refused at %s with a 413', async (url) => {
    const res = await post(url, huge, 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });
});

describe('a body of another type than JSON', () => {
  it.each(routes)('is refused at %s with a 415', async (url) => {
    const bodies: [contentType: string, payload: string][] = [
      ['text/csv', 'email,password\na@example.com,sawdust-123'],
      ['application/x-www-form-urlencoded', 'email=a%40example.com&password=sawdust-123'],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await post(url, payload, contentType);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
    }
  });

  it('is refused at better-auth’s routes as plain text too, in the API’s words', async () => {
    for (const url of routes.filter((route) => route.startsWith('/api/auth/'))) {
      const res = await post(url, '{"email":"a@example.com","password":"sawdust-123"}', 'text/plain');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Media Type' });
    }
  });
});
