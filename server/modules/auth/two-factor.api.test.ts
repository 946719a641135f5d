import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOrigin } from '../../test/accounts.ts';
import { CookieJar } from '../../test/cookie-jar.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { totpCode, totpSecretFromUri } from '../../test/totp.ts';

const sessionCookie = 'better-auth.session_token';
const twoFactorCookie = 'better-auth.two_factor';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ seed: false });
});
afterAll(() => shop.close());

/** Each test signs in from its own address, so that the per-client limits of one do not touch another. */
let nextClient = 1;
const newClient = () => `10.2.0.${nextClient++}`;

const postAuth = (path: string, payload: object, jar: CookieJar, client: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { origin: testOrigin, cookie: jar.header() },
    payload,
    remoteAddress: client,
  });

async function viewerOf(jar: CookieJar) {
  const res = await shop.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: jar.header() } });
  expect(res.statusCode).toBe(200);
  return res.json().user as { email: string; twoFactorEnabled: boolean } | null;
}

/** A six-digit code that an authenticator app would not show now, nor 30 seconds either side. */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, { at: Date.now() + offset })));
  let code = 0;
  while (valid.has(String(code).padStart(6, '0'))) code += 1;
  return String(code).padStart(6, '0');
}

interface Customer {
  email: string;
  password: string;
  /** The browser's cookies, signed in. */
  jar: CookieJar;
}

/** Registers a customer from a client address, as the register page does. */
let customers = 0;
async function signUp(client: string): Promise<Customer> {
  customers += 1;
  const email = `two.factor${customers}.${Date.now()}@example.com`;
  const password = 'sawdust-123';
  const jar = new CookieJar();
  const res = await postAuth('/sign-up/email', { name: 'Two Factor', email, password }, jar, client);
  expect(res.statusCode).toBe(200);
  jar.store(res.headers['set-cookie']);
  return { email, password, jar };
}

interface TwoFactorAccount extends Customer {
  secret: string;
  backupCodes: string[];
}

/** A customer who has turned on two-factor from My Profile, as the page does it. */
async function customerWithTwoFactor(): Promise<TwoFactorAccount> {
  const client = newClient();
  const account = await signUp(client);
  const { jar } = account;
  const enabled = await postAuth('/two-factor/enable', { password: account.password }, jar, client);
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = totpSecretFromUri(totpURI);
  const verified = await postAuth('/two-factor/verify-totp', { code: totpCode(secret) }, jar, client);
  expect(verified.statusCode).toBe(200);
  return { ...account, secret, backupCodes };
}

/** Signs in with e-mail and password; with two-factor on, this leaves only the two-factor cookie. */
async function signInWithPassword(account: Customer, client: string) {
  const jar = new CookieJar();
  const res = await postAuth('/sign-in/email', { email: account.email, password: account.password }, jar, client);
  jar.store(res.headers['set-cookie']);
  return { res, jar };
}

describe('turning on two-factor', () => {
  it('gives an authenticator URI and backup codes, and turns on once a code from the app is verified', async () => {
    const client = newClient();
    const account = await signUp(client);
    const { jar } = account;
    expect(await viewerOf(jar)).toMatchObject({ email: account.email, twoFactorEnabled: false });

    const enabled = await postAuth('/two-factor/enable', { password: account.password }, jar, client);
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Joinery:${account.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Joinery');
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{16,}$/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    // Not on until the person proves their app has the secret.
    expect(await viewerOf(jar)).toMatchObject({ twoFactorEnabled: false });
    const secret = totpSecretFromUri(totpURI);
    const wrong = await postAuth('/two-factor/verify-totp', { code: wrongCode(secret) }, jar, client);
    expect(wrong.statusCode).toBe(401);
    expect(await viewerOf(jar)).toMatchObject({ twoFactorEnabled: false });

    const verified = await postAuth('/two-factor/verify-totp', { code: totpCode(secret) }, jar, client);
    expect(verified.statusCode).toBe(200);
    jar.store(verified.headers['set-cookie']);
    expect(await viewerOf(jar)).toMatchObject({ email: account.email, twoFactorEnabled: true });
  });

  it('asks for the password, and refuses a wrong one', async () => {
    const client = newClient();
    const account = await signUp(client);
    const { jar } = account;
    const res = await postAuth('/two-factor/enable', { password: 'not-my-password' }, jar, client);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/password/i) });
  });

  it('is refused to someone not signed in', async () => {
    const res = await postAuth('/two-factor/enable', { password: 'whatever-1' }, new CookieJar(), newClient());
    expect(res.statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('answers the password with a two-factor step and no session', async () => {
    const account = await customerWithTwoFactor();
    const { res, jar } = await signInWithPassword(account, newClient());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(jar.has(sessionCookie)).toBe(false);
    expect(jar.has(twoFactorCookie)).toBe(true);
    expect(await viewerOf(jar)).toBeNull();
  });

  it('signs in with the two-factor cookie and the app’s current code', async () => {
    const account = await customerWithTwoFactor();
    const client = newClient();
    const { jar } = await signInWithPassword(account, client);
    const res = await postAuth('/two-factor/verify-totp', { code: totpCode(account.secret) }, jar, client);
    expect(res.statusCode).toBe(200);
    jar.store(res.headers['set-cookie']);
    expect(jar.has(sessionCookie)).toBe(true);
    expect(jar.has(twoFactorCookie)).toBe(false);
    expect(await viewerOf(jar)).toMatchObject({ email: account.email, twoFactorEnabled: true });
  });

  it('refuses a wrong code and signs nobody in', async () => {
    const account = await customerWithTwoFactor();
    const client = newClient();
    const { jar } = await signInWithPassword(account, client);
    const res = await postAuth('/two-factor/verify-totp', { code: wrongCode(account.secret) }, jar, client);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CODE', message: 'Invalid code' });
    jar.store(res.headers['set-cookie']);
    expect(jar.has(sessionCookie)).toBe(false);
    expect(await viewerOf(jar)).toBeNull();

    // The person may try again with the right code.
    const retry = await postAuth('/two-factor/verify-totp', { code: totpCode(account.secret) }, jar, client);
    expect(retry.statusCode).toBe(200);
  });

  it('refuses a code without the two-factor cookie: the password step cannot be skipped', async () => {
    const account = await customerWithTwoFactor();
    const res = await postAuth('/two-factor/verify-totp', { code: totpCode(account.secret) }, new CookieJar(), newClient());
    expect(res.statusCode).toBe(401);
    expect(new CookieJar().store(res.headers['set-cookie']).has(sessionCookie)).toBe(false);
  });

  it('takes a backup code once', async () => {
    const account = await customerWithTwoFactor();
    const client = newClient();
    const [backupCode, otherBackupCode] = account.backupCodes;

    const first = await signInWithPassword(account, client);
    const used = await postAuth('/two-factor/verify-backup-code', { code: backupCode }, first.jar, client);
    expect(used.statusCode).toBe(200);
    first.jar.store(used.headers['set-cookie']);
    expect(await viewerOf(first.jar)).toMatchObject({ email: account.email });

    const second = await signInWithPassword(account, client);
    const reused = await postAuth('/two-factor/verify-backup-code', { code: backupCode }, second.jar, client);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ message: 'Invalid backup code' });
    second.jar.store(reused.headers['set-cookie']);
    expect(await viewerOf(second.jar)).toBeNull();

    const another = await postAuth('/two-factor/verify-backup-code', { code: otherBackupCode }, second.jar, client);
    expect(another.statusCode).toBe(200);
    second.jar.store(another.headers['set-cookie']);
    expect(await viewerOf(second.jar)).toMatchObject({ email: account.email });
  });
});
