import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, postAuth, testOrigin } from '../../test/accounts.ts';
import { type AppAt, createAppOn } from '../../test/app-at.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Who a session cookie is, kept by each server process (ADR 023): a session ended on one process is
 * refused by every other within a second, and a call that changes something is never answered from
 * what a process kept. Two processes on one database, as behind a load balancer, sharing the key
 * that signs the cookies.
 */
const secret = 'a-secret-both-processes-share-0123456789';
let shop: TestApp;
let one: AppAt;
let other: AppAt;
beforeAll(async () => {
  shop = await createTestApp();
  const env = { BETTER_AUTH_SECRET: secret, SESSION_CHECK_MS: '250', SESSION_CACHE_SECONDS: '60', AUTH_RATE_LIMIT_PER_MINUTE: '1000' };
  one = await createAppOn(shop.database, { env });
  other = await createAppOn(shop.database, { env });
});
afterAll(async () => {
  await other?.close();
  await one?.close();
  await shop?.close();
});

let registered = 0;
async function signUpOn(app: AppAt): Promise<{ cookie: string; email: string }> {
  registered += 1;
  const email = `kept-${registered}@example.com`;
  const res = await postAuth(app.app, '/sign-up/email', { name: 'Kept Customer', email, password: 'a-long-password-1' });
  expect(res.statusCode).toBe(200);
  return { cookie: cookieFrom(res.headers['set-cookie']), email };
}

const sessionUser = async (app: AppAt, cookie: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json<{ user: { email: string } | null }>().user;

/** Asks `app` until it no longer knows the cookie; answers how long that took. */
async function msUntilSignedOut(app: AppAt, cookie: string): Promise<number> {
  const started = performance.now();
  while ((await sessionUser(app, cookie)) !== null) {
    if (performance.now() - started > 5000) throw new Error('still signed in after 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

describe('a session kept by a server process', () => {
  it('is refused by another process within a second of being ended on one', async () => {
    const { cookie, email } = await signUpOn(one);
    // The other process looks the cookie up, and keeps who it is.
    expect(await sessionUser(other, cookie)).toMatchObject({ email });
    expect(await sessionUser(other, cookie)).toMatchObject({ email });

    const signedOut = await postAuth(one.app, '/sign-out', {}, { cookie, origin: testOrigin });
    expect(signedOut.statusCode).toBe(200);
    expect(await msUntilSignedOut(other, cookie)).toBeLessThan(1000);
    expect((await other.app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(email)}`, headers: { cookie } })).statusCode).toBe(401);
  });

  it('is refused by the process that ended it at once', async () => {
    const { cookie } = await signUpOn(one);
    expect(await sessionUser(one, cookie)).not.toBeNull();
    await postAuth(one.app, '/sign-out', {}, { cookie, origin: testOrigin });
    expect(await sessionUser(one, cookie)).toBeNull();
  });

  it('never answers a call that changes something: that call reads the session table', async () => {
    const { cookie } = await signUpOn(one);
    const removeFromCart = () =>
      other.app.inject({ method: 'DELETE', url: '/api/cart/items/00000000-0000-4000-8000-000000000000', headers: { cookie, origin: testOrigin } });
    expect((await removeFromCart()).statusCode).not.toBe(401);
    // Looked up and kept afresh (the change above made the process look at the version again).
    expect(await sessionUser(other, cookie)).not.toBeNull();

    // Ended behind every process's back, no request of theirs making the change, so this process
    // still keeps the session for a moment: a reading call may be answered from it, a change not.
    await shop.db.deleteFrom('session').execute();
    expect((await removeFromCart()).statusCode).toBe(401);
  });
});
