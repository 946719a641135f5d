import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cookieFrom, testOrigin } from '../../test/accounts.ts';
import { mailsTo, tokenOfLink, waitForMail } from '../../test/account-mailbox.ts';
import { useMailingShop } from '../../test/mailing-shop.ts';

/**
 * "Forgot your password?": better-auth's reset flow with the shop's mail, page and rules. The answer
 * never tells whether an address has an account; the mailed link works once, for an hour; a reset
 * ends every session of the account and is announced by mail.
 */
const attemptsPerMinute = 3;
const resetSubject = 'Reset your Joinery password';
const changedSubject = 'Your Joinery password was changed';
const password = 'sawdust-123';
const newPassword = 'mortise-and-tenon-9';

const { mailing, newClient, newEmail, authPost, register, sessionUser } = useMailingShop({
  seed: false,
  attemptsPerMinute: attemptsPerMinute,
  subnet: 30,
  person: { emailPrefix: 'resetter', name: 'Rosa Resetter', password },
});

const signIn = (email: string, withPassword: string) => authPost('/sign-in/email', { email, password: withPassword });
const askForReset = (email: string, client?: string) => authPost('/request-password-reset', { email }, { client });

/** Asks for a reset of `email` and answers the token of the link mailed for it. */
async function mailedResetToken(email: string): Promise<string> {
  const before = mailsTo(mailing.standIn, email, resetSubject).length;
  expect((await askForReset(email)).statusCode).toBe(200);
  return tokenOfLink(await waitForMail(mailing.standIn, email, resetSubject, before + 1), '/resetPassword');
}

const resetTo = (token: string, chosen: string) => authPost('/reset-password', { token, newPassword: chosen });
const resetRow = (token: string) =>
  sql<{ expiresAt: Date | string; createdAt: Date | string }>`select "expiresAt", "createdAt" from verification where identifier = ${`reset-password:${token}`}`
    .execute(mailing.shop.db)
    .then((result) => result.rows[0]);

describe('asking for a reset', () => {
  it('answers an existing and an unknown address with the same status and body, and mails only the existing one', async () => {
    const { email } = await register();
    const unknown = newEmail();
    const known = await askForReset(email);
    const stranger = await askForReset(unknown);
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.json()).toEqual(known.json());
    expect(stranger.headers['set-cookie']).toBeUndefined();

    const mail = await waitForMail(mailing.standIn, email, resetSubject);
    expect(mail.secure).toBe(true);
    expect(mail.text).toContain('The link works once, for one hour');
    await mailing.shop.app.jobs.waitUntilIdle();
    expect(mailing.standIn.received.filter((message) => message.to.includes(unknown))).toEqual([]);
  });

  it("checks the address with the login page's rules", async () => {
    const res = await authPost('/request-password-reset', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Provide a valid Email' });
  });

  it('mails a link that lasts one hour', async () => {
    const { email } = await register();
    const token = await mailedResetToken(email);
    const row = await resetRow(token);
    // better-auth reads the time twice when it stores the link, so the two may be a millisecond apart.
    const lifetime = new Date(row!.expiresAt).getTime() - new Date(row!.createdAt).getTime();
    expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThanOrEqual(5);
  });

  it(`answers 429 after ${attemptsPerMinute} requests a minute from one client`, async () => {
    const client = newClient();
    for (let i = 0; i < attemptsPerMinute; i += 1) expect((await askForReset(newEmail(), client)).statusCode).toBe(200);
    const limited = await askForReset(newEmail(), client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/too many/i) });
  });

  it('mails one address at most 5 links an hour, its welcome included, answering every request alike', async () => {
    const { email } = await register();
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push(await askForReset(email));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    await waitForMail(mailing.standIn, email, resetSubject, 4);
    await mailing.shop.app.jobs.waitUntilIdle();
    const subjects = mailing.standIn.received.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual([...Array(4).fill(resetSubject), 'Welcome to Joinery: please confirm your e-mail address']);
  });
});

describe('choosing a new password with the link', () => {
  it('sets it, ends every session of the account, refuses the old password, and mails that the password changed', async () => {
    const { email, cookie: laptop } = await register();
    const phone = cookieFrom((await signIn(email, password)).headers['set-cookie']);
    expect(await sessionUser(phone)).toMatchObject({ email });

    const res = await resetTo(await mailedResetToken(email), newPassword);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();

    expect(await sessionUser(laptop)).toBeNull();
    expect(await sessionUser(phone)).toBeNull();
    expect((await signIn(email, password)).statusCode).toBe(401);
    const signedIn = await signIn(email, newPassword);
    expect(signedIn.statusCode).toBe(200);
    expect(await sessionUser(cookieFrom(signedIn.headers['set-cookie']))).toMatchObject({ email });

    const notice = await waitForMail(mailing.standIn, email, changedSubject);
    expect(notice.text).toContain('every other device was signed out');
    expect(notice.text).toContain(`${testOrigin}/dashboard`);
  });

  it('works once: the same link cannot set a password again', async () => {
    const { email } = await register();
    const token = await mailedResetToken(email);
    expect((await resetTo(token, newPassword)).statusCode).toBe(200);
    const again = await resetTo(token, 'another-choice-42');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(email, 'another-choice-42')).statusCode).toBe(401);
    expect((await signIn(email, newPassword)).statusCode).toBe(200);
  });

  it('refuses a link more than an hour old and leaves the password as it was', async () => {
    const { email } = await register();
    const token = await mailedResetToken(email);
    // better-auth reads the real time, not the shop's clock: the link is aged where it is kept.
    const anHourAndAMinuteAgo = new Date(Date.now() - 61 * 60 * 1000);
    const { createdAt } = (await resetRow(token))!;
    // Stored as better-auth stores it: a Date on PostgreSQL, its text on SQLite.
    const expired = typeof createdAt === 'string' ? anHourAndAMinuteAgo.toISOString() : anHourAndAMinuteAgo;
    await sql`update verification set "expiresAt" = ${expired} where identifier = ${`reset-password:${token}`}`.execute(mailing.shop.db);

    const res = await resetTo(token, newPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('refuses a forged token', async () => {
    const { email } = await register();
    await mailedResetToken(email);
    for (const forged of ['a'.repeat(24), 'reset-password', '../../sign-in']) {
      const res = await resetTo(forged, newPassword);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it("checks the new password with the shop's rules, and the link still works after a refusal", async () => {
    const { email } = await register();
    const token = await mailedResetToken(email);
    const short = await resetTo(token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Must be 6 characters or longer' });
    const common = await resetTo(token, 'letmein');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Please choose another.' });
    expect((await signIn(email, password)).statusCode).toBe(200);

    expect((await resetTo(token, newPassword)).statusCode).toBe(200);
    expect((await signIn(email, newPassword)).statusCode).toBe(200);
  });
});
