import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountSession } from '../../../common/schemas/account-sessions.ts';
import { postAuth, signIn, signUp, testOrigin, type TestAccount } from '../../test/accounts.ts';
import { type AppAt, createAppOn } from '../../test/app-at.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A session ended on one server process stops working on every other at once (ADR 036): better-auth
 * reads the session table for each request, and no process keeps who a cookie is. Two processes on
 * one database, as behind a load balancer, sharing the key that signs the cookies; each has just
 * answered the session it is about to refuse, so that anything kept from that answer would show.
 */
const secret = 'a-secret-both-processes-share-0123456789';
let shop: TestApp;
let one: AppAt;
let other: AppAt;
beforeAll(async () => {
  shop = await createTestApp();
  const env = { BETTER_AUTH_SECRET: secret, AUTH_RATE_LIMIT_PER_MINUTE: '1000' };
  one = await createAppOn(shop.database, { env });
  other = await createAppOn(shop.database, { env });
});
afterAll(async () => {
  await other?.close();
  await one?.close();
  await shop?.close();
});

/** A customer signed in twice: a laptop's session made on one process, a phone's on the other. */
async function customerOnTwoProcesses(): Promise<{ laptop: TestAccount; phone: TestAccount }> {
  const laptop = await signUp(one.app);
  return { laptop, phone: await signIn(other.app, laptop.email, laptop.password) };
}

const sessionUser = async (app: AppAt, cookie: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json<{ user: { email: string } | null }>().user;

/** A call that changes something (a cart line removed; none there is fine), as its status. */
const changeOn = async (app: AppAt, cookie: string) =>
  (await app.app.inject({ method: 'DELETE', url: '/api/cart/items/00000000-0000-4000-8000-000000000000', headers: { cookie, origin: testOrigin } })).statusCode;

/** The other process answers the phone's session, reading and changing, just before it ends. */
async function answeredOnTheOther(phone: TestAccount) {
  expect(await sessionUser(other, phone.cookie)).toMatchObject({ email: phone.email });
  expect(await changeOn(other, phone.cookie)).not.toBe(401);
}

describe('a session ended on one process', () => {
  it('is refused by another at once after "sign out everywhere else"', async () => {
    const { laptop, phone } = await customerOnTwoProcesses();
    await answeredOnTheOther(phone);

    const res = await one.app.inject({ method: 'POST', url: '/api/sessions/end-others', headers: { cookie: laptop.cookie, origin: testOrigin } });
    expect(res.json()).toEqual({ ended: 1 });
    expect(await changeOn(other, phone.cookie)).toBe(401);
    expect(await sessionUser(other, phone.cookie)).toBeNull();
    expect(await changeOn(other, laptop.cookie)).not.toBe(401);
  });

  it('is refused by another at once after it was signed out from the sessions list', async () => {
    const { laptop, phone } = await customerOnTwoProcesses();
    await answeredOnTheOther(phone);

    const list = await one.app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie: laptop.cookie } });
    const phoneSession = list.json<AccountSession[]>().find((session) => !session.current)!;
    const res = await one.app.inject({ method: 'DELETE', url: `/api/sessions/${phoneSession.id}`, headers: { cookie: laptop.cookie, origin: testOrigin } });
    expect(res.statusCode).toBe(200);
    expect(await changeOn(other, phone.cookie)).toBe(401);
    expect(await sessionUser(other, phone.cookie)).toBeNull();
  });

  it('is refused by another, and by itself, at once after signing out', async () => {
    const { laptop, phone } = await customerOnTwoProcesses();
    expect(await sessionUser(one, phone.cookie)).not.toBeNull();
    await answeredOnTheOther(phone);

    expect((await postAuth(other.app, '/sign-out', {}, { cookie: phone.cookie })).statusCode).toBe(200);
    for (const app of [one, other]) {
      expect(await changeOn(app, phone.cookie)).toBe(401);
      expect(await sessionUser(app, phone.cookie)).toBeNull();
    }
    expect(await sessionUser(one, laptop.cookie)).not.toBeNull();
  });

  it('is refused at once when it ended behind every process’s back', async () => {
    const { phone } = await customerOnTwoProcesses();
    await answeredOnTheOther(phone);

    await shop.db.deleteFrom('session').execute();
    expect(await changeOn(other, phone.cookie)).toBe(401);
    expect(await sessionUser(other, phone.cookie)).toBeNull();
  });
});
