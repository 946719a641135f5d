import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createVersionWatch } from '../../db/version-watch.ts';
import type { Auth } from './auth.ts';
import { createSessions } from './viewer.ts';

/**
 * Who a session cookie is, kept by a process (ADR 023): how often better-auth is asked, with a
 * stand-in for its getSession that counts the calls (each one a read of the session table).
 */
function setUp({ keepMs = 60_000 } = {}) {
  let lookUps = 0;
  let version = 1;
  let signedIn = true;
  let foundToken: string | undefined;
  const now = new Date('2026-11-25T12:00:00.000Z');
  const auth = {
    api: {
      // Answers for the last session cookie sent, as better-auth would for the one it reads, or for
      // `foundToken` when the test says better-auth found another session than the cookie names.
      getSession: ({ headers }: { headers: Headers }) => {
        lookUps += 1;
        const sent = [...(headers.get('cookie') ?? '').matchAll(/session_token=([^.;]+)/g)].map((match) => match[1]);
        const user = { id: 'u-1', name: 'Kit', email: 'kit@example.com', role: 'user', twoFactorEnabled: false, emailVerified: true };
        const session = { id: 's-1', token: foundToken ?? sent.at(-1), expiresAt: new Date('2026-12-01T00:00:00.000Z') };
        return Promise.resolve(signedIn ? { user, session } : null);
      },
    },
  } as unknown as Auth;
  const watch = createVersionWatch(() => Promise.resolve(version), 0);
  const sessions = createSessions(auth, watch, () => now, { keepMs, maxSessions: 10 });
  const request = (method = 'GET', cookie = 'better-auth.session_token=tok.sig') => ({ method, headers: { cookie } }) as unknown as FastifyRequest;
  return {
    sessions,
    request,
    lookUps: () => lookUps,
    changeAnAccount: () => (version += 1),
    endTheSession: () => (signedIn = false),
    findAnotherSession: () => (foundToken = 'another-token'),
  };
}

describe('the sessions a process keeps', () => {
  it('look a cookie up once for every reading request while no account changes', async () => {
    const shop = setUp();
    for (let i = 0; i < 5; i += 1) expect(await shop.sessions.viewerOf(shop.request())).toMatchObject({ email: 'kit@example.com' });
    expect(shop.lookUps()).toBe(1);
  });

  it('look it up again once any session or account changed', async () => {
    const shop = setUp();
    await shop.sessions.viewerOf(shop.request());
    shop.endTheSession();
    shop.changeAnAccount();
    expect(await shop.sessions.viewerOf(shop.request())).toBeNull();
    expect(await shop.sessions.viewerOf(shop.request())).toBeNull();
    expect(shop.lookUps()).toBe(3);
  });

  it('look it up for every request that changes something', async () => {
    const shop = setUp();
    await shop.sessions.viewerOf(shop.request());
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) await shop.sessions.viewerOf(shop.request(method));
    expect(shop.lookUps()).toBe(5);
  });

  it('keep each cookie apart, and none when keeping is off', async () => {
    const shop = setUp();
    await shop.sessions.viewerOf(shop.request('GET', 'better-auth.session_token=one.sig'));
    await shop.sessions.viewerOf(shop.request('GET', 'better-auth.session_token=two.sig'));
    expect(shop.lookUps()).toBe(2);

    const off = setUp({ keepMs: 0 });
    for (let i = 0; i < 3; i += 1) await off.sessions.viewerOf(off.request());
    expect(off.lookUps()).toBe(3);
  });

  it('keep nothing for a header with two session cookies, or a session other than the cookie names', async () => {
    const planted = setUp();
    const twoCookies = 'better-auth.session_token=planted.sig; __Secure-better-auth.session_token=tok.sig';
    for (let i = 0; i < 3; i += 1) await planted.sessions.viewerOf(planted.request('GET', twoCookies));
    expect(planted.lookUps()).toBe(3);

    const other = setUp();
    other.findAnotherSession();
    for (let i = 0; i < 3; i += 1) await other.sessions.viewerOf(other.request());
    expect(other.lookUps()).toBe(3);
  });
});
