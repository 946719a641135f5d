import { afterAll, beforeAll, expect } from 'vitest';
import { cookieFrom, testOrigin } from './accounts.ts';
import { mailingShopEnv } from './account-mailbox.ts';
import { type SmtpStandIn, startSmtpStandIn } from './smtp-stand-in.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface MailingShopOptions {
  /** The demo catalogue too, to order from. */
  seed?: boolean;
  /** AUTH_RATE_LIMIT_PER_MINUTE, small enough for a test to reach. */
  attemptsPerMinute: number;
  /** The second part of the 10.x.y.z client addresses, apart for each file. */
  subnet: number;
  /** Who registers: the start of their addresses, their name and their password. */
  person: { emailPrefix: string; name: string; password: string };
}

/**
 * A shop that mails through an SMTP stand-in of its own, for the tests of better-auth's account
 * e-mail flows, with calls made as the shop's pages make them. Each call comes from its own client
 * address, so that the per-minute limit only shows where a test asks for it.
 */
export function useMailingShop({ seed = false, attemptsPerMinute, subnet, person }: MailingShopOptions) {
  const mailing = {} as { shop: TestApp; standIn: SmtpStandIn };
  beforeAll(async () => {
    mailing.standIn = await startSmtpStandIn();
    mailing.shop = await createTestApp({
      seed,
      env: { ...mailingShopEnv(mailing.standIn), AUTH_RATE_LIMIT_PER_MINUTE: String(attemptsPerMinute) },
      jobs: { pollIntervalMs: 50 },
    });
  });
  afterAll(async () => {
    await mailing.shop?.close();
    await mailing.standIn?.close();
  });

  let nextClient = 1;
  const newClient = () => `10.${subnet}.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;
  let nextEmail = 1;
  const newEmail = () => `${person.emailPrefix}${nextEmail++}.${Date.now()}@example.com`;

  function authPost(route: string, payload: object, { client = newClient(), cookie }: { client?: string; cookie?: string } = {}) {
    return mailing.shop.app.inject({
      method: 'POST',
      url: `/api/auth${route}`,
      remoteAddress: client,
      headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
      payload,
    });
  }

  /** A new account, signed up as the register page does; its session cookie. */
  async function register() {
    const email = newEmail();
    const res = await authPost('/sign-up/email', { name: person.name, email, password: person.password });
    expect(res.statusCode, res.body).toBe(200);
    return { email, cookie: cookieFrom(res.headers['set-cookie']) };
  }

  /** Who the cookie's session signs in, as /api/session answers (null: nobody). */
  const sessionUser = async (cookie: string) =>
    (await mailing.shop.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json<{ user: Record<string, unknown> | null }>().user;

  return { mailing, newClient, newEmail, authPost, register, sessionUser };
}
