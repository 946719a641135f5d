import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Auth } from './auth.ts';
import { createSessions } from './viewer.ts';

/**
 * Who a session cookie is (ADR 036): how often better-auth is asked, with a stand-in for its
 * getSession that counts the calls (each one a read of the session table).
 */
function setUp(role = 'user') {
  let lookUps = 0;
  const auth = {
    api: {
      getSession: () => {
        lookUps += 1;
        const user = { id: 'u-1', name: 'Kit', email: 'kit@example.com', role, twoFactorEnabled: null, emailVerified: true };
        return Promise.resolve({ user, session: { id: 's-1' } });
      },
    },
  } as unknown as Auth;
  const request = () => ({ method: 'GET', headers: { cookie: 'better-auth.session_token=tok.sig' } }) as unknown as FastifyRequest;
  return { sessions: createSessions(auth), request, lookUps: () => lookUps };
}

describe('the sessions of requests', () => {
  it('ask better-auth once per request, however many checks ask', async () => {
    const shop = setUp();
    const request = shop.request();
    expect(await shop.sessions.viewerOf(request)).toMatchObject({ email: 'kit@example.com', role: 'user', twoFactorEnabled: false });
    expect(await shop.sessions.sessionIdOf(request)).toBe('s-1');
    await shop.sessions.viewerOf(request);
    expect(shop.lookUps()).toBe(1);
  });

  it('ask it again for every request: nothing is kept from one to the next', async () => {
    const shop = setUp();
    for (let i = 0; i < 3; i += 1) await shop.sessions.viewerOf(shop.request());
    expect(shop.lookUps()).toBe(3);
  });

  it('count only the role "admin" as an admin', async () => {
    expect(await setUp('admin').sessions.viewerOf(setUp().request())).toMatchObject({ role: 'admin' });
    expect(await setUp('owner').sessions.viewerOf(setUp().request())).toMatchObject({ role: 'user' });
  });
});
