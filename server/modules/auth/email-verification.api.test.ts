import { describe, expect, it } from 'vitest';
import { mailsTo, tokenOfLink, waitForMail } from '../../test/account-mailbox.ts';
import { useMailingShop } from '../../test/mailing-shop.ts';

/**
 * Confirming an account's e-mail address: a welcome with a link after signing up, a new link from
 * the dashboard's banner, and what the session says about it. Nothing waits for the confirmation.
 */
const attemptsPerMinute = 3;
const welcomeSubject = 'Welcome to Joinery: please confirm your e-mail address';
const newLinkSubject = 'Confirm your e-mail address for Joinery';
const password = 'sawdust-123';

const { mailing, newClient, newEmail, authPost, register, sessionUser } = useMailingShop({
  seed: true,
  attemptsPerMinute: attemptsPerMinute,
  subnet: 31,
  person: { emailPrefix: 'confirmer', name: 'Vera Verifier', password },
});

/** What the shop's /verifyEmail page asks the server with the token from the link, from a browser with this cookie. */
const confirm = (token: string, cookie?: string) =>
  mailing.shop.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`, remoteAddress: newClient(), headers: cookie ? { cookie } : {} });
const askForNewLink = (cookie: string | undefined, body: object = {}, client?: string) => authPost('/send-verification-email', body, { cookie, client });
const verifiedInDatabase = async (email: string) =>
  Boolean((await mailing.shop.db.selectFrom('user').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow()).emailVerified);

describe('signing up', () => {
  it('mails a welcome with a link that confirms the address, and the session stops asking for it', async () => {
    const { email, cookie } = await register();
    expect(await sessionUser(cookie)).toMatchObject({ email, emailConfirmationNeeded: true });

    const welcome = await waitForMail(mailing.standIn, email, welcomeSubject);
    expect(welcome.text).toContain('Welcome, Vera Verifier');
    const res = await confirm(tokenOfLink(welcome, '/verifyEmail'), cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true });

    expect(await sessionUser(cookie)).toMatchObject({ email, emailConfirmationNeeded: false });
    expect(await verifiedInDatabase(email)).toBe(true);
    // The password chosen at sign-up keeps working.
    expect((await authPost('/sign-in/email', { email, password })).statusCode).toBe(200);
  });

  it('hands the account to whoever opens the link where it is not signed in: the sign-up’s password and sessions end', async () => {
    const { email, cookie } = await register();
    const welcome = await waitForMail(mailing.standIn, email, welcomeSubject);
    const res = await confirm(tokenOfLink(welcome, '/verifyEmail'));
    expect(res.statusCode, res.body).toBe(200);

    expect(await verifiedInDatabase(email)).toBe(true);
    expect(await sessionUser(cookie)).toBeNull();
    expect((await authPost('/sign-in/email', { email, password })).statusCode).toBe(401);
    // The owner chooses a password with the reset link mailed to the address.
    expect((await authPost('/request-password-reset', { email })).statusCode).toBe(200);
    const token = tokenOfLink(await waitForMail(mailing.standIn, email, 'Reset your Joinery password'), '/resetPassword');
    expect((await authPost('/reset-password', { token, newPassword: 'owners-chosen-9' })).statusCode).toBe(200);
    expect((await authPost('/sign-in/email', { email, password: 'owners-chosen-9' })).statusCode).toBe(200);
  });

  it('counts a cookie carrying the session’s token without its signature as not signed in', async () => {
    const { email, cookie } = await register();
    const welcome = await waitForMail(mailing.standIn, email, welcomeSubject);
    const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forgedSignature = Buffer.alloc(32, 7).toString('base64');
    const res = await confirm(tokenOfLink(welcome, '/verifyEmail'), `${name}=${encodeURIComponent(`${token}.${forgedSignature}`)}`);
    expect(res.statusCode, res.body).toBe(200);

    // Opened by someone who does not hold the signed cookie: the account is handed to the address.
    expect(await sessionUser(cookie)).toBeNull();
    expect((await authPost('/sign-in/email', { email, password })).statusCode).toBe(401);
  });

  it('asks better-auth about a browser the shop does not read itself: the sign-up’s own cookie beside a stale one under the other name keeps the account', async () => {
    const { email, cookie } = await register();
    const welcome = await waitForMail(mailing.standIn, email, welcomeSubject);
    const stale = `__Secure-better-auth.session_token=${encodeURIComponent(`stale-token.${Buffer.alloc(32, 3).toString('base64')}`)}`;
    const res = await confirm(tokenOfLink(welcome, '/verifyEmail'), `${cookie.split(';')[0]!}; ${stale}`);
    expect(res.statusCode, res.body).toBe(200);

    expect(await sessionUser(cookie)).toMatchObject({ email, emailConfirmationNeeded: false });
    expect((await authPost('/sign-in/email', { email, password })).statusCode).toBe(200);
  });

  it('mails a link that works for 24 hours', async () => {
    const { email } = await register();
    const token = tokenOfLink(await waitForMail(mailing.standIn, email, welcomeSubject), '/verifyEmail');
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; iat: number; email: string };
    expect(claims.email).toBe(email);
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);
  });

  it('confirms nothing with a forged or altered link', async () => {
    const { email, cookie } = await register();
    const token = tokenOfLink(await waitForMail(mailing.standIn, email, welcomeSubject), '/verifyEmail');
    const [header, , signature] = token.split('.');
    const otherClaims = Buffer.from(JSON.stringify({ email, iat: 1, exp: 4_102_444_800 })).toString('base64url');
    for (const forged of ['not-a-token', `${header}.${otherClaims}.${signature}`, `${token.slice(0, -2)}xx`]) {
      const res = await confirm(forged);
      expect(res.statusCode, forged).toBe(401);
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/TOKEN/) });
    }
    expect(await sessionUser(cookie)).toMatchObject({ emailConfirmationNeeded: true });
    expect(await verifiedInDatabase(email)).toBe(false);
  });

  it('leaves ordering open before the address is confirmed', async () => {
    const { email, cookie } = await register();
    // A product sold one way: an order of one sold in several ways names its variant.
    const product = (await mailing.shop.app.inject({ method: 'GET', url: '/api/products?limit=100' }))
      .json<Array<{ _id: string; minQuantity: number; options: unknown[] }>>()
      .find((listed) => listed.options.length === 0);
    const order = await mailing.shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie },
      payload: { productId: product!._id, quantity: product!.minQuantity, phone: '+1 415 555 0100', adress: '12 Bench Lane, Leeds' },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({ email });
    expect(await sessionUser(cookie)).toMatchObject({ emailConfirmationNeeded: true });
  });
});

describe('a new link from the dashboard', () => {
  it("is mailed to the signed-in account's own address, whatever address the request names, and confirms it", async () => {
    const { email, cookie } = await register();
    const res = await askForNewLink(cookie, { email: 'someone.else@example.com' });
    expect(res.statusCode, res.body).toBe(200);

    const mail = await waitForMail(mailing.standIn, email, newLinkSubject);
    expect(mail.text).toContain('Here is the new link you asked for');
    await mailing.shop.app.jobs.waitUntilIdle();
    expect(mailing.standIn.received.filter((message) => message.to.includes('someone.else@example.com'))).toEqual([]);

    expect((await confirm(tokenOfLink(mail, '/verifyEmail'), cookie)).statusCode).toBe(200);
    expect(await sessionUser(cookie)).toMatchObject({ emailConfirmationNeeded: false });
  });

  it('needs a signed-in account', async () => {
    const res = await askForNewLink(undefined, { email: newEmail() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in to ask for a new link.' });
  });

  it('is refused once the address is confirmed', async () => {
    const { email, cookie } = await register();
    expect((await confirm(tokenOfLink(await waitForMail(mailing.standIn, email, welcomeSubject), '/verifyEmail'), cookie)).statusCode).toBe(200);
    const res = await askForNewLink(cookie);
    expect(res.statusCode).toBe(400);
    await mailing.shop.app.jobs.waitUntilIdle();
    expect(mailsTo(mailing.standIn, email, newLinkSubject)).toEqual([]);
  });

  it(`answers 429 after ${attemptsPerMinute} requests a minute from one client`, async () => {
    const { cookie } = await register();
    const client = newClient();
    for (let i = 0; i < attemptsPerMinute; i += 1) expect((await askForNewLink(cookie, {}, client)).statusCode).toBe(200);
    expect((await askForNewLink(cookie, {}, client)).statusCode).toBe(429);
  });
});
