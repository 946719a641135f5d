import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signIn, testOrigin } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { phoneAccountName } from './auth.ts';
import { SmsDeliveryError, type SmsSender } from './sms/sms-sender.ts';

/** Phone accounts get an address under .invalid that no one can guess (and so take first). */
const phoneEmailPattern = (phone: string) => new RegExp(`^${phone.replace(/\D/g, '')}\\.[0-9a-f-]{36}@phone\\.joinery\\.invalid$`);

const codesPerNumberPerHour = 3;
const attemptsPerMinute = 8;
const admin = { email: 'owner@joinery.example', password: 'workshop-owner-1' };

/** Numbers the stand-in sender cannot deliver to, and how it fails. */
const unreachableNumber = '+14155550199';
const brokenGatewayNumber = '+14155550198';
const unreachableMessage = 'The number +14155550199 is not a mobile number.';

/** Records every message instead of sending it, as an SMS gateway would see it. */
const sent: { to: string; body: string }[] = [];
const sender: SmsSender = {
  async send(message) {
    if (message.to === unreachableNumber) throw new SmsDeliveryError(unreachableMessage);
    if (message.to === brokenGatewayNumber) throw new Error('socket hang up');
    sent.push(message);
  },
};

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({
    seed: false,
    sms: sender,
    env: {
      SMS_CODES_PER_NUMBER_PER_HOUR: String(codesPerNumberPerHour),
      AUTH_RATE_LIMIT_PER_MINUTE: String(attemptsPerMinute),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
  });
});
afterAll(() => shop.close());

/** Each test uses its own phone numbers and client address, so that no limit of one touches another. */
let nextNumber = 1000;
const newNumber = () => `+1415555${nextNumber++}`;
let nextClient = 1;
const newClient = () => `10.1.0.${nextClient++}`;

const postAuth = (path: string, payload: object, client: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { origin: testOrigin, ...headers }, payload, remoteAddress: client });

const sendCode = (phoneNumber: string, client: string) => postAuth('/phone-number/send-otp', { phoneNumber }, client);
const verify = (phoneNumber: string, code: string, client: string, extra: object = {}) => postAuth('/phone-number/verify', { phoneNumber, code, ...extra }, client);

const messagesTo = (phone: string) => sent.filter((message) => message.to === phone);

/** The code in the latest message to a number, read as a person reads their text messages. */
function latestCodeTo(phone: string): string {
  const body = messagesTo(phone).at(-1)?.body;
  const code = body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** A six-digit code that is not the right one. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const sessionCookieOf = (setCookie: string | string[] | undefined) =>
  cookieFrom(setCookie)
    .split('; ')
    .filter((pair) => pair.startsWith('better-auth.session_token=') && pair.length > 'better-auth.session_token='.length)
    .join('; ');

async function viewerOf(cookie: string) {
  const res = await shop.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().user;
}

const usersWithPhone = (phone: string) => shop.db.selectFrom('user').select(['id', 'name', 'email', 'role', 'phoneNumber']).where('phoneNumber', '=', phone).execute();

describe('phone sign-in: sending a code', () => {
  it('sends a six-digit code to the number through the SMS sender', async () => {
    const phone = newNumber();
    const res = await sendCode(phone, newClient());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'code sent' });
    const messages = messagesTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toMatch(/^Your Joinery sign-in code is \d{6}\. It expires in 5 minutes\.$/);
  });

  it.each([
    ['an empty number', ''],
    ['letters', 'call me'],
    ['a number without its country code', '4155550100'],
    ['a number too short for its country', '+1415555'],
    ['a number too long for its country', '+141555501234'],
  ])('refuses %s with "Please enter a valid phone number!" and sends nothing', async (_case, phoneNumber) => {
    const before = sent.length;
    const res = await sendCode(phoneNumber, newClient());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please enter a valid phone number!' });
    expect(sent.length).toBe(before);
  });

  it('refuses a request without a number with the same message', async () => {
    const res = await postAuth('/phone-number/send-otp', {}, newClient());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please enter a valid phone number!' });
  });

  it(`sends at most ${codesPerNumberPerHour} codes an hour to one number, then answers 429; another number still gets its code`, async () => {
    const client = newClient();
    const phone = newNumber();
    for (let i = 0; i < codesPerNumberPerHour; i += 1) expect((await sendCode(phone, client)).statusCode).toBe(200);
    expect(messagesTo(phone)).toHaveLength(codesPerNumberPerHour);

    const limited = await sendCode(phone, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many codes were sent to this number. Please try again in an hour.' });
    expect(messagesTo(phone)).toHaveLength(codesPerNumberPerHour);

    // The limit is the number's, not the client's: from another client it is still refused...
    expect((await sendCode(phone, newClient())).statusCode).toBe(429);
    // ...and the same client can still send to another number.
    const other = newNumber();
    expect((await sendCode(other, client)).statusCode).toBe(200);
    expect(messagesTo(other)).toHaveLength(1);
  });

  it('counts the same number written another way toward the same limit', async () => {
    const phone = newNumber();
    for (let i = 0; i < codesPerNumberPerHour; i += 1) expect((await sendCode(phone, newClient())).statusCode).toBe(200);
    // +1 415 555 1234 is +14155551234: the spaces must not buy more codes.
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5, 8)} ${phone.slice(8)}`;
    const res = await sendCode(spaced, newClient());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(sent.filter((message) => message.to.replace(/\D/g, '') === phone.replace(/\D/g, ''))).toHaveLength(codesPerNumberPerHour);
  });

  it(`lets one client ask for ${attemptsPerMinute} codes a minute, then answers 429 with a message`, async () => {
    const client = newClient();
    for (let i = 0; i < attemptsPerMinute; i += 1) expect((await sendCode(newNumber(), client)).statusCode).toBe(200);
    const phone = newNumber();
    const limited = await sendCode(phone, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many requests/i);
    expect(messagesTo(phone)).toHaveLength(0);
    expect((await sendCode(phone, newClient())).statusCode).toBe(200);
  });

  it('answers 502 with the gateway’s reason when the message cannot be delivered', async () => {
    const res = await sendCode(unreachableNumber, newClient());
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'SMS_NOT_SENT', message: unreachableMessage });
  });

  it('answers 502 with a plain message, not the internal error, when the sender fails unexpectedly', async () => {
    const res = await sendCode(brokenGatewayNumber, newClient());
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'SMS_NOT_SENT', message: 'The code could not be sent. Please try again.' });
    expect(res.body).not.toContain('socket hang up');
  });
});

describe('phone sign-in: verifying the code', () => {
  it('signs in with the right code, makes the account, and shows it to an admin', async () => {
    const client = newClient();
    const phone = newNumber();
    expect((await sendCode(phone, client)).statusCode).toBe(200);
    expect(await usersWithPhone(phone)).toHaveLength(0);

    const res = await verify(phone, latestCodeTo(phone), client);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, user: { phoneNumber: phone, phoneNumberVerified: true } });
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    expect(cookie).not.toBe('');
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);

    expect(await viewerOf(cookie)).toEqual({
      id: expect.any(String),
      name: phoneAccountName,
      email: expect.stringMatching(phoneEmailPattern(phone)),
      role: 'user',
      staffRole: null,
      twoFactorEnabled: false,
      hasPassword: false,
      // Its address is a placeholder that can receive nothing: there is nothing to confirm.
      emailConfirmationNeeded: false,
    });
    const [stored, ...more] = await usersWithPhone(phone);
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({ name: phoneAccountName, email: expect.stringMatching(phoneEmailPattern(phone)), role: 'user' });

    const owner = await signIn(shop.app, admin.email, admin.password);
    const list = await shop.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: owner.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({
      _id: stored?.id,
      userName: phoneAccountName,
      userEmail: stored?.email,
      userEdu: '',
      userLocation: '',
      userNumber: '',
    });
  });

  it('takes a code once only, and signs the same number into the same account next time', async () => {
    const client = newClient();
    const phone = newNumber();
    await sendCode(phone, client);
    const code = latestCodeTo(phone);
    const first = await verify(phone, code, client);
    expect(first.statusCode).toBe(200);

    const replay = await verify(phone, code, client);
    expect(replay.statusCode).toBe(400);
    expect(sessionCookieOf(replay.headers['set-cookie'])).toBe('');

    await sendCode(phone, client);
    const again = await verify(phone, latestCodeTo(phone), client);
    expect(again.statusCode).toBe(200);
    expect((await viewerOf(sessionCookieOf(again.headers['set-cookie']))).id).toBe((await viewerOf(sessionCookieOf(first.headers['set-cookie']))).id);
    expect(await usersWithPhone(phone)).toHaveLength(1);
  });

  it('signs the same number written another way into the same account', async () => {
    const client = newClient();
    const phone = newNumber();
    await sendCode(phone, client);
    const first = await verify(phone, latestCodeTo(phone), client);
    expect(first.statusCode).toBe(200);

    const spaced = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    expect((await sendCode(spaced, client)).statusCode).toBe(200);
    const code = sent.at(-1)?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    const again = await verify(spaced, code, client);
    expect(again.statusCode).toBe(200);
    expect((await viewerOf(sessionCookieOf(again.headers['set-cookie']))).id).toBe((await viewerOf(sessionCookieOf(first.headers['set-cookie']))).id);
    expect(await usersWithPhone(phone)).toHaveLength(1);
  });

  it('refuses a wrong code with the server’s message and signs nobody in', async () => {
    const client = newClient();
    const phone = newNumber();
    await sendCode(phone, client);
    const res = await verify(phone, wrongCodeFor(latestCodeTo(phone)), client);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_OTP', message: 'Invalid OTP' });
    expect(sessionCookieOf(res.headers['set-cookie'])).toBe('');
    expect(await usersWithPhone(phone)).toHaveLength(0);
  });

  it('refuses even the right code after three wrong ones', async () => {
    const client = newClient();
    const phone = newNumber();
    await sendCode(phone, client);
    const code = latestCodeTo(phone);
    for (let i = 0; i < 3; i += 1) expect((await verify(phone, wrongCodeFor(code), client)).statusCode).toBe(400);

    const res = await verify(phone, code, client);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' });
    expect(sessionCookieOf(res.headers['set-cookie'])).toBe('');
    expect(await usersWithPhone(phone)).toHaveLength(0);

    // A new code works.
    await sendCode(phone, client);
    expect((await verify(phone, latestCodeTo(phone), client)).statusCode).toBe(200);
  });

  /** Where better-auth (1.7.25) keeps a number's code in its verification table. */
  const codeKeyOf = (phone: string) => `phone-number-otp-${phone}`;

  it('refuses an expired code', async () => {
    const client = newClient();
    const phone = newNumber();
    await sendCode(phone, client);
    const { numAffectedRows } = await sql`update verification set "expiresAt" = ${new Date(Date.now() - 1000).toISOString()} where identifier = ${codeKeyOf(phone)}`.execute(
      shop.db,
    );
    expect(Number(numAffectedRows)).toBe(1);

    const res = await verify(phone, latestCodeTo(phone), client);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'OTP_EXPIRED', message: 'OTP expired' });
    expect(sessionCookieOf(res.headers['set-cookie'])).toBe('');
    expect(await usersWithPhone(phone)).toHaveLength(0);
  });

  it('keeps a code for at most ten minutes', async () => {
    const phone = newNumber();
    const sentAt = Date.now();
    await sendCode(phone, newClient());
    const { rows } = await sql<{ expiresAt: string | Date }>`select "expiresAt" from verification where identifier = ${codeKeyOf(phone)}`.execute(shop.db);
    expect(rows).toHaveLength(1);
    const lifetime = new Date(rows[0]!.expiresAt).getTime() - sentAt;
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });

  it('refuses a code for a number that was sent none', async () => {
    const res = await verify(newNumber(), '123456', newClient());
    expect(res.statusCode).toBe(400);
    expect(sessionCookieOf(res.headers['set-cookie'])).toBe('');
  });

  it('makes a customer even when the request asks for more', async () => {
    const client = newClient();
    const phone = newNumber();
    await sendCode(phone, client);
    const res = await verify(phone, latestCodeTo(phone), client, { role: 'admin' });
    const [stored] = await usersWithPhone(phone);
    if (res.statusCode === 200) {
      expect((await viewerOf(sessionCookieOf(res.headers['set-cookie']))).role).toBe('user');
      expect(stored?.role).toBe('user');
    } else {
      expect(res.statusCode).toBe(400);
      expect(stored).toBeUndefined();
    }
  });
});
