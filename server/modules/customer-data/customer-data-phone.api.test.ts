import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, testOrigin, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { whereFound } from '../../test/personal-strings.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import type { SmsSender } from '../auth/sms/sms-sender.ts';

/**
 * An account made with a texted code has no password (ADR 046): a fresh sign-in for deleting it is
 * another code, and its erasure leaves its number nowhere, not in the limits counted for it either.
 */
const sent: { to: string; body: string }[] = [];
const sender: SmsSender = {
  send(message) {
    sent.push(message);
    return Promise.resolve();
  },
};

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ seed: false, sms: sender, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => shop.close());

const phone = '+14155550142';

/** Signs in with a code texted to the number, as the phone sign-in page does. */
async function signInByPhone(): Promise<TestAccount> {
  const post = (path: string, payload: object) => shop.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { origin: testOrigin }, payload });
  expect((await post('/phone-number/send-otp', { phoneNumber: phone })).statusCode).toBe(200);
  const code = /\b(\d{6})\b/.exec(sent.at(-1)!.body)![1]!;
  const verified = await post('/phone-number/verify', { phoneNumber: phone, code });
  expect(verified.statusCode, verified.body).toBe(200);
  const cookie = cookieFrom(verified.headers['set-cookie'])
    .split('; ')
    .filter((pair) => pair.startsWith('better-auth.session_token=') && pair.length > 'better-auth.session_token='.length)
    .join('; ');
  return { email: '', password: '', cookie };
}

describe(`deleting a phone account (${testDialect})`, () => {
  it('asks for a new code when the session is stale, then erases the account and its number everywhere', async () => {
    const first = await signInByPhone();
    const user = await shop.db.selectFrom('user').select(['id', 'email']).where('phoneNumber', '=', phone).executeTakeFirstOrThrow();
    await shop.db
      .updateTable('session')
      .set({ createdAt: new Date(Date.now() - 60 * 60_000).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    const stale = await call(shop.app, 'DELETE', '/api/account?confirm=yes', first);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'FRESH_SIGN_IN_REQUIRED' });

    const again = await signInByPhone();
    const res = await call(shop.app, 'DELETE', '/api/account?confirm=yes', again);
    expect(res.statusCode, res.body).toBe(200);
    expect(await whereFound(shop.db, [phone, phone.slice(1), user.email, user.id])).toEqual([]);
  });
});
