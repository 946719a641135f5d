import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createShopWithPeople, postAuth, type ShopWithPeople, signUp, testOrigin } from '../../test/accounts.ts';
import { testDialect } from '../../test/test-database.ts';
import { sessionLifetime } from './session-lifetime.ts';

/**
 * Who a session cookie signs in, as the shop reads it (ADR 036, ADR 058): its own check of the
 * signature and one read of the session, with better-auth deciding whatever would change a session.
 */
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople();
});
afterAll(() => people.shop.close());

const db = () => people.shop.db;
const whoIs = async (cookie: string) =>
  (await people.shop.app.inject({ method: 'GET', url: '/api/session', headers: { origin: testOrigin, cookie } })).json<{ user: { email: string; role: string } | null }>().user;
const tokenIn = (cookie: string) => decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
const sessionRow = (cookie: string) => db().selectFrom('session').select(['id', 'expiresAt']).where('token', '=', tokenIn(cookie)).executeTakeFirst();
const setExpiry = (cookie: string, expiresAt: Date) =>
  db()
    .updateTable('session')
    // The column's own type on each database: ISO text on SQLite, timestamptz on PostgreSQL.
    .set({ expiresAt: testDialect === 'sqlite' ? expiresAt.toISOString() : expiresAt })
    .where('token', '=', tokenIn(cookie))
    .execute();
const day = 24 * 60 * 60 * 1000;
const expiresInMs = sessionLifetime.expiresInSeconds * 1000;

describe('the session of a request', () => {
  it('signs in the cookie better-auth signed, as its account is now', async () => {
    const account = await signUp(people.shop.app);
    expect(await whoIs(account.cookie)).toMatchObject({ email: account.email, role: 'user' });
    // A change to the account counts from the next request: nothing is kept between requests.
    await db().updateTable('user').set({ role: 'admin', staff_role: 'support' }).where('email', '=', account.email).execute();
    expect(await whoIs(account.cookie)).toMatchObject({ email: account.email, role: 'admin', staffRole: 'support' });
  });

  it('signs in nobody with a forged signature, another account’s token under this signature, or an ended session', async () => {
    const account = await signUp(people.shop.app);
    const [token, signature] = decodeURIComponent(/session_token=([^;]+)/.exec(account.cookie)![1]!).split('.');
    const forged = `better-auth.session_token=${encodeURIComponent(`${token}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`)}`;
    expect(await whoIs(forged)).toBeNull();
    const borrowed = `better-auth.session_token=${encodeURIComponent(`${tokenIn(people.carol.cookie)}.${signature}`)}`;
    expect(await whoIs(borrowed)).toBeNull();

    const elsewhere = await postAuth(people.shop.app, '/sign-in/email', { email: account.email, password: account.password });
    const otherCookie = cookieFrom(elsewhere.headers['set-cookie']);
    await db().deleteFrom('session').where('token', '=', tokenIn(otherCookie)).execute();
    expect(await whoIs(otherCookie)).toBeNull();
    expect(await whoIs(account.cookie)).toMatchObject({ email: account.email });
  });

  it('leaves a live session’s row as it is: reading who is signed in writes nothing', async () => {
    const account = await signUp(people.shop.app);
    const before = await sessionRow(account.cookie);
    for (let call = 0; call < 3; call += 1) expect(await whoIs(account.cookie)).toMatchObject({ email: account.email });
    expect(await sessionRow(account.cookie)).toEqual(before);
  });

  it('has better-auth push back the end of a session last pushed back over a day ago', async () => {
    const account = await signUp(people.shop.app);
    // As if signed in (or last pushed back) two days ago: its end is five days away.
    await setExpiry(account.cookie, new Date(Date.now() + expiresInMs - 2 * day));
    expect(await whoIs(account.cookie)).toMatchObject({ email: account.email });
    const pushedBack = new Date((await sessionRow(account.cookie))!.expiresAt).getTime();
    expect(pushedBack).toBeGreaterThan(Date.now() + expiresInMs - 60_000);
  });

  it('has better-auth end an expired session: nobody is signed in, and its row is gone', async () => {
    const account = await signUp(people.shop.app);
    await setExpiry(account.cookie, new Date(Date.now() - 60_000));
    expect(await whoIs(account.cookie)).toBeNull();
    expect(await sessionRow(account.cookie)).toBeUndefined();
  });

  it('signs in nobody with a valid cookie under the name better-auth does not read here (the `__Secure-` one on http)', async () => {
    const account = await signUp(people.shop.app);
    const value = /session_token=([^;]+)/.exec(account.cookie)![1]!;
    expect(await whoIs(`__Secure-better-auth.session_token=${value}`)).toBeNull();
    // Beside the one better-auth reads, it is better-auth that answers: the account of the cookie it reads.
    expect(await whoIs(`__Secure-better-auth.session_token=${encodeURIComponent(`${tokenIn(people.carol.cookie)}.x`)}; ${account.cookie}`)).toMatchObject({
      email: account.email,
    });
  });

  it('signs in nobody without a session cookie, and trusts neither of two', async () => {
    expect(await whoIs('theme=dark')).toBeNull();
    const account = await signUp(people.shop.app);
    const planted = `better-auth.session_token=${encodeURIComponent(`${tokenIn(people.carol.cookie)}.not-a-signature`)}`;
    const user = await whoIs(`${planted}; ${account.cookie}`);
    // better-auth reads one of the two; whichever it is, it is never Carol on a signature she did not give.
    expect(user?.email).not.toBe(people.carol.email);
  });
});
