import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../common/schemas/account-sessions.ts';
import { cookieFrom, createShopWithPeople, postAuth, type ShopWithPeople, signUp, testOrigin } from '../../test/accounts.ts';

/** My Profile's list of places the account is signed in, and signing them out. */
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople();
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;
const laptopAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A new customer signed in on a laptop and a phone. */
async function customerOnTwoDevices() {
  const account = await signUp(app());
  const signInOn = async (agent: string, address: string) => {
    const res = await postAuth(app(), '/sign-in/email', { email: account.email, password: account.password }, { 'user-agent': agent, 'x-forwarded-for': address });
    expect(res.statusCode).toBe(200);
    return cookieFrom(res.headers['set-cookie']);
  };
  return { account, laptop: await signInOn(laptopAgent, '203.0.113.7'), phone: await signInOn(phoneAgent, '198.51.100.23') };
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) => app().inject({ method, url, headers: { origin: testOrigin, ...(cookie && { cookie }) } });
const listOf = async (cookie: string) => {
  const res = await call('GET', '/api/sessions', cookie);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return { sessions: res.json<AccountSession[]>(), body: res.body };
};
const signedIn = async (cookie: string) => (await call('GET', '/api/session', cookie)).json<{ user: unknown }>().user !== null;
const tokenIn = (cookie: string) => decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0]!;

describe('GET /api/sessions', () => {
  it('lists the account’s sessions with their browser and system, marks this one, and never shows a token', async () => {
    const { laptop, phone } = await customerOnTwoDevices();
    const { sessions, body } = await listOf(laptop);
    // The sign-up's own session, the laptop and the phone.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.find((session) => session.current)).toMatchObject({ browser: 'Chrome 131', system: 'macOS' });
    expect(sessions).toContainEqual(
      expect.objectContaining({ browser: 'Safari 18', system: 'iPhone', current: false, lastActiveAt: expect.any(String), signedInAt: expect.any(String) }),
    );
    for (const cookie of [laptop, phone]) expect(body).not.toContain(tokenIn(cookie));
    expect(body).not.toMatch(/token/i);

    // The phone sees the same sessions, itself marked.
    const fromPhone = (await listOf(phone)).sessions;
    expect(fromPhone.map((session) => session.id).sort()).toEqual(sessions.map((session) => session.id).sort());
    expect(fromPhone.find((session) => session.current)).toMatchObject({ system: 'iPhone' });
  });

  it('lists nobody else’s sessions and needs a signed-in caller', async () => {
    const { laptop } = await customerOnTwoDevices();
    const mine = (await listOf(laptop)).sessions.map((session) => session.id);
    const carols = (await listOf(people.carol.cookie)).sessions.map((session) => session.id);
    expect(carols.filter((id) => mine.includes(id))).toEqual([]);
    expect((await call('GET', '/api/sessions')).statusCode).toBe(401);
  });
});

describe('signing sessions out', () => {
  it('ends one session from another device', async () => {
    const { laptop, phone } = await customerOnTwoDevices();
    const phoneSession = (await listOf(phone)).sessions.find((session) => session.current)!;
    const res = await call('DELETE', `/api/sessions/${phoneSession.id}`, laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await listOf(laptop)).sessions.map((session) => session.id)).not.toContain(phoneSession.id);
  });

  it('answers 404 for someone else’s session or one already ended, and ends nothing', async () => {
    const { phone } = await customerOnTwoDevices();
    const phoneSession = (await listOf(phone)).sessions.find((session) => session.current)!;
    const res = await call('DELETE', `/api/sessions/${phoneSession.id}`, people.carol.cookie);
    expect(res.statusCode).toBe(404);
    expect(await signedIn(phone)).toBe(true);
    expect((await call('DELETE', '/api/sessions/no-such-session', phone)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/sessions/${phoneSession.id}`)).statusCode).toBe(401);
  });

  it('signs out everywhere but this device', async () => {
    const { account, laptop, phone } = await customerOnTwoDevices();
    const res = await call('POST', '/api/sessions/end-others', laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(account.cookie)).toBe(false);
    expect((await listOf(laptop)).sessions).toEqual([expect.objectContaining({ current: true })]);
  });
});
