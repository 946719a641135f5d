import { describe, expect, it } from 'vitest';
import { cookieFrom, testOrigin } from '../../test/accounts.ts';
import { mailsTo, waitForMail } from '../../test/account-mailbox.ts';
import { useMailingShop } from '../../test/mailing-shop.ts';

/**
 * My Profile's Change password, through better-auth's /change-password: the current password is
 * required, the new one follows the shop's rules, every other session ends whatever the client asks,
 * and a mail tells the owner.
 */
const changedSubject = 'Your Joinery password was changed';
const password = 'sawdust-123';
const newPassword = 'mortise-and-tenon-9';

const { mailing, newClient, authPost, register, sessionUser } = useMailingShop({
  seed: false,
  attemptsPerMinute: 3,
  subnet: 32,
  person: { emailPrefix: 'changer', name: 'Carl Changer', password },
});

const signIn = (email: string, withPassword: string) => authPost('/sign-in/email', { email, password: withPassword });
const changePassword = (cookie: string | undefined, body: object, client?: string) => authPost('/change-password', body, { cookie, client });

describe('changing the password', () => {
  it('ends every other session even when the client asks to keep them, keeps this browser signed in, and mails the owner', async () => {
    const { email, cookie: laptop } = await register();
    const phone = cookieFrom((await signIn(email, password)).headers['set-cookie']);
    expect(await sessionUser(phone)).toMatchObject({ email });

    const res = await changePassword(laptop, { currentPassword: password, newPassword, revokeOtherSessions: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    const laptopNow = cookieFrom(res.headers['set-cookie']);
    expect(await sessionUser(laptopNow)).toMatchObject({ email });
    expect(await sessionUser(phone)).toBeNull();

    expect((await signIn(email, password)).statusCode).toBe(401);
    expect((await signIn(email, newPassword)).statusCode).toBe(200);

    const notice = await waitForMail(mailing.standIn, email, changedSubject);
    expect(notice.text).toContain('Hello Carl Changer,');
    expect(notice.text).toContain(`${testOrigin}/dashboard`);
  });

  it('requires the current password, and changes nothing without it', async () => {
    const { email, cookie } = await register();
    const wrong = await changePassword(cookie, { currentPassword: 'not-my-password', newPassword });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const missing = await changePassword(cookie, { newPassword });
    expect(missing.statusCode).toBe(400);

    expect(await sessionUser(cookie)).toMatchObject({ email });
    expect((await signIn(email, password)).statusCode).toBe(200);
    expect((await signIn(email, newPassword)).statusCode).toBe(401);
    await mailing.shop.app.jobs.waitUntilIdle();
    expect(mailsTo(mailing.standIn, email, changedSubject)).toEqual([]);
  });

  it("checks the new password with the shop's rules: six characters at least, and not a common one", async () => {
    const { email, cookie } = await register();
    const short = await changePassword(cookie, { currentPassword: password, newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Must be 6 characters or longer' });
    const common = await changePassword(cookie, { currentPassword: password, newPassword: 'Trustno1' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Please choose another.' });
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('needs a signed-in account', async () => {
    const res = await changePassword(undefined, { currentPassword: password, newPassword });
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 after 3 attempts a minute from one client, so that current passwords cannot be guessed through it', async () => {
    const { cookie } = await register();
    const client = newClient();
    for (let i = 0; i < 3; i += 1) {
      expect((await changePassword(cookie, { currentPassword: `guess-${i}-wrong`, newPassword }, client)).statusCode).toBe(400);
    }
    expect((await changePassword(cookie, { currentPassword: password, newPassword }, client)).statusCode).toBe(429);
  });
});
