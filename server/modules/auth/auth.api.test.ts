import { outboxMessages } from '../../test/mail-outbox.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { cookieFrom, testOrigin } from '../../test/accounts.ts';
import { captureLog, logLevels } from '../../test/log-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Accounts by e-mail and password through better-auth under /api/auth, as the register and login
 * pages call it: the specification's messages, rate limits, cookies, origin checks, sessions kept in
 * the database, and the admin made at start.
 */
const attemptsPerMinute = 3;
const secret = 'joinery-test-secret-shared-by-every-process-0123456789';
const adminEmail = 'boss@joinery.example';
const adminPassword = 'admin-pass-123';
const password = 'sawdust-123';
const baseEnv = {
  NODE_ENV: 'test',
  AUTH_RATE_LIMIT_PER_MINUTE: String(attemptsPerMinute),
  // Every process of one shop signs cookies with the same key.
  BETTER_AUTH_SECRET: secret,
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
};

let shop: TestApp;
let dataDir: string;
const extraApps: FastifyInstance[] = [];
beforeAll(async () => {
  shop = await createTestApp({ seed: false, env: baseEnv });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-auth-'));
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await shop.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Another server process on the shop's database, configured by `env` on top of the shop's own settings. */
async function anotherProcess(env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const config = loadConfig({ ...baseEnv, DATA_DIR: dataDir, ...env }, '/nonexistent');
  const app = await createApp({ config, database: shop.database, logger: false });
  extraApps.push(app);
  await app.ready();
  return app;
}

/**
 * Each test calls from its own client address, so that the sign-in limit of one test does not touch
 * another; a test that signs in more than the limit allows uses several.
 */
let nextClient = 1;
const newClient = () => `10.20.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;
let nextEmail = 1;
const newEmail = () => `joiner${nextEmail++}.${Date.now()}@example.com`;

interface CallOptions {
  client: string;
  app?: FastifyInstance;
  origin?: string | null;
  headers?: Record<string, string>;
}

function authPost(route: string, payload: object, { client, app = shop.app, origin = testOrigin, headers = {} }: CallOptions) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${route}`,
    remoteAddress: client,
    headers: { ...(origin ? { origin } : {}), ...headers },
    payload,
  });
}

const session = (cookie: string, app = shop.app) => app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
const sessionUser = async (cookie: string, app = shop.app) => (await session(cookie, app)).json().user;

async function register(options: CallOptions & { name?: string; email?: string }) {
  const email = options.email ?? newEmail();
  const res = await authPost('/sign-up/email', { name: options.name ?? 'Jo Joiner', email, password }, options);
  expect(res.statusCode, res.body).toBe(200);
  return { email, cookie: cookieFrom(res.headers['set-cookie']) };
}

async function logIn(email: string, options: CallOptions & { password?: string }) {
  const res = await authPost('/sign-in/email', { email, password: options.password ?? password }, options);
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res.headers['set-cookie']);
}

const usersNamed = async (email: string) => (await shop.db.selectFrom('user').select(['id', 'role']).where('email', '=', email.toLowerCase()).execute()).length;

describe('sign-up', () => {
  const valid = () => ({ name: 'Jo Joiner', email: newEmail(), password });

  it.each([
    ['a blank name', { name: '' }, 'Name is Required'],
    ['a name of spaces', { name: '   ' }, 'Name is Required'],
    ['a blank e-mail', { email: '' }, 'Email is Required'],
    ['an e-mail without @', { email: 'jo.example.com' }, 'Provide a valid Email'],
    ['an e-mail without a domain', { email: 'jo@example' }, 'Provide a valid Email'],
    ['a blank password', { password: '' }, 'Password is Required'],
    ['a five-character password', { password: '12345' }, 'Must be 6 characters or longer'],
  ])('refuses %s with "%s" and makes no account', async (_case, change, message) => {
    const body = { ...valid(), ...change };
    const res = await authPost('/sign-up/email', body, { client: newClient() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(res.headers['set-cookie']).toBeUndefined();
    if (body.email) expect(await usersNamed(body.email)).toBe(0);
  });

  it('accepts an ordinary address with dots and a two-part domain, and signs the person in with their name', async () => {
    const email = 'first.last@mail.example.co.uk';
    const res = await authPost('/sign-up/email', { name: 'First Last', email, password }, { client: newClient() });
    expect(res.statusCode).toBe(200);
    const user = await sessionUser(cookieFrom(res.headers['set-cookie']));
    expect(user).toMatchObject({ name: 'First Last', email, role: 'user', hasPassword: true });
  });

  it.each(['password1', 'Dragon', 'iloveyou'])('refuses the common password %s with a clear message and makes no account', async (common) => {
    const body = { ...valid(), password: common };
    const res = await authPost('/sign-up/email', body, { client: newClient() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Please choose another.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await usersNamed(body.email)).toBe(0);
  });

  it('accepts a password of exactly six characters', async () => {
    const res = await authPost('/sign-up/email', { ...valid(), password: 'tenon7' }, { client: newClient() });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an e-mail already registered, in any case, with 422 and a message, and keeps one account', async () => {
    const client = newClient();
    const { email } = await register({ client });
    const again = await authPost('/sign-up/email', { name: 'Someone Else', email: email.toUpperCase(), password: 'another-pass' }, { client });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ code: expect.any(String), message: expect.stringMatching(/already exists/i) });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await usersNamed(email)).toBe(1);
  });

  it('takes only a name, an e-mail and a password: a role or a phone number in the body refuses the sign-up', async () => {
    for (const extra of [{ role: 'admin' }, { userRole: 'admin' }, { phoneNumber: '+14155550199' }]) {
      const email = newEmail();
      const res = await authPost('/sign-up/email', { name: 'Eve', email, password, ...extra }, { client: newClient() });
      expect(res.statusCode).toBe(400);
      expect(cookieFrom(res.headers['set-cookie'])).toBe('');
      expect(await shop.db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
    }
  });

  it('refuses the .invalid addresses the shop gives phone accounts', async () => {
    const res = await authPost('/sign-up/email', { name: 'Eve', email: '14155550123.x@phone.joinery.invalid', password }, { client: newClient() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Provide a valid Email' });
  });
});

describe('sign-in', () => {
  it('signs in with the right password, whatever the case of the e-mail', async () => {
    const client = newClient();
    const { email } = await register({ client, name: 'Rita Right' });
    const cookie = await logIn(email.toUpperCase(), { client });
    expect(await sessionUser(cookie)).toMatchObject({ name: 'Rita Right', email, role: 'user' });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const client = newClient();
    const { email } = await register({ client });
    const wrongPassword = await authPost('/sign-in/email', { email, password: 'not-the-password' }, { client });
    const unknownEmail = await authPost('/sign-in/email', { email: newEmail(), password }, { client });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).toEqual({ code: expect.any(String), message: 'Invalid email or password' });
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it(`answers 429 with a message after ${attemptsPerMinute} attempts a minute, even with the right password; other clients go on`, async () => {
    const client = newClient();
    const { email } = await register({ client: newClient() });
    for (let i = 0; i < attemptsPerMinute; i += 1) {
      expect((await authPost('/sign-in/email', { email, password: `guess-${i}-wrong` }, { client })).statusCode).toBe(401);
    }
    const limited = await authPost('/sign-in/email', { email, password }, { client });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual(expect.objectContaining({ message: expect.stringMatching(/too many/i) }));
    expect(limited.headers['set-cookie']).toBeUndefined();

    expect((await authPost('/sign-in/email', { email, password }, { client: newClient() })).statusCode).toBe(200);
  });

  it('counts sign-ups against the limit too', async () => {
    const client = newClient();
    for (let i = 0; i < attemptsPerMinute; i += 1) await register({ client });
    const limited = await authPost('/sign-up/email', { name: 'One More', email: newEmail(), password }, { client });
    expect(limited.statusCode).toBe(429);
  });

  it('cannot be dodged by forging X-Forwarded-For (or the internal address header) when no proxy is trusted', async () => {
    const client = newClient();
    const { email } = await register({ client: newClient() });
    const forgedAttempt = (i: number) =>
      authPost(
        '/sign-in/email',
        { email, password: `guess-${i}-wrong` },
        { client, headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-joinery-client-address': `203.0.113.${i}` } },
      );
    for (let i = 0; i < attemptsPerMinute; i += 1) expect((await forgedAttempt(i)).statusCode).toBe(401);
    expect((await forgedAttempt(99)).statusCode).toBe(429);
  });

  it('counts in the database, so that a second server process sees the same count', async () => {
    const second = await anotherProcess();
    const client = newClient();
    const { email } = await register({ client: newClient() });
    for (let i = 0; i < attemptsPerMinute; i += 1) {
      const app = i % 2 === 0 ? shop.app : second;
      expect((await authPost('/sign-in/email', { email, password: 'wrong-pass' }, { client, app })).statusCode).toBe(401);
    }
    expect((await authPost('/sign-in/email', { email, password }, { client, app: second })).statusCode).toBe(429);
  });
});

describe('the session cookie', () => {
  const attributes = (setCookie: string | string[] | undefined, name: string) => {
    const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    const cookie = cookies.find((value) => value.startsWith(`${name}=`));
    expect(cookie, `a ${name} cookie`).toBeDefined();
    return (cookie ?? '')
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
  };

  it('is HttpOnly and SameSite=Lax, and not Secure on plain http', async () => {
    const res = await authPost('/sign-up/email', { name: 'Cookie Jar', email: newEmail(), password }, { client: newClient() });
    const flags = attributes(res.headers['set-cookie'], 'better-auth.session_token');
    expect(flags).toContain('httponly');
    expect(flags).toContain('samesite=lax');
    expect(flags).toContain('path=/');
    expect(flags).not.toContain('secure');
  });

  it('is also Secure when the shop is served over https, and only that origin may sign in', async () => {
    const httpsOrigin = 'https://shop.joinery.example';
    const httpsShop = await anotherProcess({ PUBLIC_URL: httpsOrigin });
    const client = newClient();
    const signUp = await authPost('/sign-up/email', { name: 'Secure Sam', email: newEmail(), password }, { client, app: httpsShop, origin: httpsOrigin });
    expect(signUp.statusCode).toBe(200);
    const flags = attributes(signUp.headers['set-cookie'], '__Secure-better-auth.session_token');
    expect(flags).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    expect(await sessionUser(cookieFrom(signUp.headers['set-cookie']), httpsShop)).toMatchObject({ name: 'Secure Sam' });

    const fromLocalhost = await authPost('/sign-up/email', { name: 'Local', email: newEmail(), password }, { client, app: httpsShop });
    expect(fromLocalhost.statusCode).toBe(403);
  });
});

describe('origin checks', () => {
  const foreign = 'https://evil.example';

  it('refuses a sign-in posted from a foreign origin, and lets the trusted origins sign in', async () => {
    const client = newClient();
    const { email } = await register({ client });
    const refused = await authPost('/sign-in/email', { email, password }, { client, origin: foreign });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: expect.any(String), message: expect.stringMatching(/origin/i) });
    expect(refused.headers['set-cookie']).toBeUndefined();

    // Without PUBLIC_URL the shop is on this machine under either loopback name.
    for (const origin of [testOrigin, 'http://127.0.0.1:3000']) {
      const res = await authPost('/sign-in/email', { email, password }, { client: newClient(), origin });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses a sign-up posted from a foreign origin and makes no account', async () => {
    const email = newEmail();
    const res = await authPost('/sign-up/email', { name: 'Cross Site', email, password }, { client: newClient(), origin: foreign });
    expect(res.statusCode).toBe(403);
    expect(await usersNamed(email)).toBe(0);
  });

  it('refuses a sign-out carrying the cookie from a foreign origin or with no origin, and the session lives on', async () => {
    const client = newClient();
    const { cookie } = await register({ client });
    for (const origin of [foreign, null]) {
      const res = await authPost('/sign-out', {}, { client, origin, headers: { cookie } });
      expect(res.statusCode).toBe(403);
    }
    expect(await sessionUser(cookie)).not.toBeNull();
  });
});

describe('the session token stays in the cookie', () => {
  /** The token is the cookie value's part before the signature. */
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';

  it('appears in no body of sign-up, sign-in, get-session or /api/session', async () => {
    const client = newClient();
    const email = newEmail();
    const signUp = await authPost('/sign-up/email', { name: 'Toby Token', email, password }, { client });
    const signUpToken = tokenOf(cookieFrom(signUp.headers['set-cookie']));
    expect(signUpToken.length).toBeGreaterThan(10);
    expect(signUp.json().user).toMatchObject({ email });
    expect(signUp.json()).not.toHaveProperty('token');
    expect(signUp.body).not.toContain(signUpToken);

    const signIn = await authPost('/sign-in/email', { email, password }, { client });
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    const token = tokenOf(cookie);
    expect(signIn.json().user).toMatchObject({ email });
    expect(signIn.json()).not.toHaveProperty('token');
    expect(signIn.body).not.toContain(token);

    const getSession = await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: client, headers: { cookie } });
    expect(getSession.statusCode).toBe(200);
    expect(getSession.json()).toMatchObject({ user: { email }, session: { userId: expect.any(String) } });
    expect(getSession.json().session).not.toHaveProperty('token');
    expect(getSession.body).not.toContain(token);

    const ours = await session(cookie);
    expect(ours.json().user).toMatchObject({ email });
    expect(ours.body).not.toContain(token);
  });
});

describe('endpoints no page uses', () => {
  it('are off: session lists (which carry tokens) and profile changes outside PUT /api/users', async () => {
    const client = newClient();
    const { cookie } = await register({ client });
    const headers = { cookie, origin: testOrigin, 'x-forwarded-for': client };
    for (const [method, url] of [
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/revoke-sessions'],
      ['POST', '/api/auth/sign-in/phone-number'],
    ] as const) {
      const res = await shop.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: { name: 'x'.repeat(50) } } : {}) });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('sign-out', () => {
  it('ends the session on the server: the old cookie no longer gives a user', async () => {
    const client = newClient();
    const { email, cookie } = await register({ client });
    expect(await sessionUser(cookie)).toMatchObject({ email });

    const res = await authPost('/sign-out', {}, { client, headers: { cookie } });
    expect(res.statusCode).toBe(200);

    // The browser would drop the cookie; someone who kept a copy gets nothing for it.
    expect(await sessionUser(cookie)).toBeNull();
    const guarded = await shop.app.inject({ method: 'GET', url: `/api/users/${email}`, headers: { cookie } });
    expect(guarded.statusCode).toBe(401);
    const getSession = await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: client, headers: { cookie } });
    expect(getSession.json()).toBeNull();
  });

  it('ends only that session: the same person signed in elsewhere stays signed in', async () => {
    const client = newClient();
    const { email, cookie: laptop } = await register({ client });
    const phone = await logIn(email, { client });
    expect((await authPost('/sign-out', {}, { client, headers: { cookie: laptop } })).statusCode).toBe(200);
    expect(await sessionUser(laptop)).toBeNull();
    expect(await sessionUser(phone)).toMatchObject({ email });
  });
});

describe('several server processes on one database', () => {
  it('share sessions: signed in on one, known to the other, signed out on either', async () => {
    const second = await anotherProcess();
    const client = newClient();
    const { email, cookie } = await register({ client, name: 'Pam Process' });
    expect(await sessionUser(cookie, second)).toMatchObject({ email, name: 'Pam Process' });

    const cookieFromSecond = await logIn(email, { client, app: second });
    expect(await sessionUser(cookieFromSecond, shop.app)).toMatchObject({ email });

    expect((await authPost('/sign-out', {}, { client, app: second, headers: { cookie } })).statusCode).toBe(200);
    expect(await sessionUser(cookie, shop.app)).toBeNull();
    expect(await sessionUser(cookie, second)).toBeNull();
    expect(await sessionUser(cookieFromSecond, shop.app)).toMatchObject({ email });
  });
});

describe('the admin named by ADMIN_EMAIL', () => {
  const adminRows = () => shop.db.selectFrom('user').select(['id', 'role']).where('email', '=', adminEmail).execute();

  it('is made confirmed, and leaves no session behind (no "Unknown browser" in its list)', async () => {
    const email = newEmail();
    const fresh = await createTestApp({ seed: false, env: { ...baseEnv, ADMIN_EMAIL: email } });
    try {
      const row = await fresh.db.selectFrom('user').select(['id', 'emailVerified', 'role']).where('email', '=', email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'admin' });
      expect(Boolean(row.emailVerified)).toBe(true);
      expect(await fresh.db.selectFrom('session').select('id').where('userId', '=', row.id).execute()).toEqual([]);
      // Nor is it sent a link to confirm the address its owner named.
      await fresh.app.jobs.waitUntilIdle();
      expect(outboxMessages(fresh.dataDir).filter((mail) => mail.to === email)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('exists from the start, as an admin who signs in with ADMIN_PASSWORD', async () => {
    const cookie = await logIn(adminEmail, { client: newClient(), password: adminPassword });
    expect(await sessionUser(cookie)).toMatchObject({ email: adminEmail, role: 'admin', hasPassword: true });
    const list = await shop.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(list.statusCode).toBe(200);
  });

  it('is not made again by another process starting on the same database, and keeps its password', async () => {
    const before = await adminRows();
    expect(before).toEqual([{ id: expect.any(String), role: 'admin' }]);
    const total = async () => (await shop.db.selectFrom('user').select('id').execute()).length;
    const usersBefore = await total();

    const second = await anotherProcess({ ADMIN_PASSWORD: 'a-different-password' });
    expect(await adminRows()).toEqual(before);
    expect(await total()).toBe(usersBefore);

    const client = newClient();
    const cookie = await logIn(adminEmail, { client, app: second, password: adminPassword });
    expect(await sessionUser(cookie, second)).toMatchObject({ role: 'admin' });
    expect((await authPost('/sign-in/email', { email: adminEmail, password: 'a-different-password' }, { client, app: second })).statusCode).toBe(401);
  });

  it('makes an existing customer with that e-mail an admin at start only when ADMIN_PASSWORD is their password', async () => {
    const client = newClient();
    const { email } = await register({ client, name: 'Promoted Pete' });
    // Whoever registered the address first must not become admin by it.
    await expect(anotherProcess({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'not-petes-password' })).rejects.toThrow(/not ADMIN_PASSWORD/);
    expect(await sessionUser(await logIn(email, { client }))).toMatchObject({ role: 'user' });

    const second = await anotherProcess({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
    const cookie = await logIn(email, { client, app: second });
    expect(await sessionUser(cookie, second)).toMatchObject({ email, name: 'Promoted Pete', role: 'admin' });
  });

  it('stops the start with a message naming ADMIN_PASSWORD when it is a common password, and makes no account', async () => {
    const email = newEmail();
    await expect(anotherProcess({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'password1' })).rejects.toThrow(
      'ADMIN_PASSWORD is one of the most common passwords, which the shop refuses for every account. Choose another.',
    );
    expect(await usersNamed(email)).toBe(0);
  });

  it('is announced in one line at the first start, and not at a later start', async () => {
    const email = 'announced@joinery.example';
    const env = { ...baseEnv, ADMIN_EMAIL: email };
    const log = captureLog();
    const linesAboutTheAdmin = () => log.lines.filter((line) => line.email === email || /admin/i.test(line.msg ?? ''));
    const fresh = await createTestApp({ seed: false, env, logStream: log.stream });
    try {
      expect(linesAboutTheAdmin()).toEqual([expect.objectContaining({ level: logLevels.info, msg: 'admin account created', email })]);

      log.lines.length = 0;
      const later = await createApp({ config: loadConfig({ ...env, DATA_DIR: dataDir }, '/nonexistent'), database: fresh.database, logStream: log.stream });
      await later.ready();
      await later.close();
      // The log is on (it reports the missing web build), yet says nothing about the admin.
      expect(log.lines.length).toBeGreaterThan(0);
      expect(linesAboutTheAdmin()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('says an existing customer was made an admin, in one line', async () => {
    const { email } = await register({ client: newClient(), name: 'Announced Anna' });
    const log = captureLog();
    const config = loadConfig({ ...baseEnv, DATA_DIR: dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: password }, '/nonexistent');
    const app = await createApp({ config, database: shop.database, logStream: log.stream });
    extraApps.push(app);
    await app.ready();
    expect(log.lines.filter((line) => line.email === email)).toEqual([expect.objectContaining({ level: logLevels.info, msg: 'existing account made an admin' })]);
  });

  it('ends up as one admin when two processes start at once on a new database', async () => {
    const fresh = await createTestApp({ seed: false, env: { BETTER_AUTH_SECRET: secret } });
    try {
      const env = { ...baseEnv, DATA_DIR: dataDir, ADMIN_EMAIL: 'twin@joinery.example' };
      const apps = [0, 1].map(() => createApp({ config: loadConfig(env, '/nonexistent'), database: fresh.database, logger: false }));
      const started = await Promise.all(apps);
      try {
        await Promise.all(started.map((app) => app.ready()));
        const rows = await fresh.db.selectFrom('user').select('role').where('email', '=', 'twin@joinery.example').execute();
        expect(rows).toEqual([{ role: 'admin' }]);
      } finally {
        await Promise.all(started.map((app) => app.close()));
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/sign-in-options', () => {
  const options = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/sign-in-options' });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('shows no social sign-in when none is configured', async () => {
    expect((await options(shop.app)).json()).toEqual({ google: false, facebook: false, captcha: null });
  });

  it('shows Google when its client id and secret are set, without giving the secret away', async () => {
    const withGoogle = await anotherProcess({ GOOGLE_CLIENT_ID: 'google-client-id', GOOGLE_CLIENT_SECRET: 'google-client-secret' });
    const res = await options(withGoogle);
    expect(res.json()).toEqual({ google: true, facebook: false, captcha: null });
    expect(res.body).not.toContain('google-client-secret');
  });

  it('shows Facebook when its client id and secret are set', async () => {
    const withFacebook = await anotherProcess({ FACEBOOK_CLIENT_ID: 'facebook-client-id', FACEBOOK_CLIENT_SECRET: 'facebook-client-secret' });
    expect((await options(withFacebook)).json()).toEqual({ google: false, facebook: true, captcha: null });
  });
});
