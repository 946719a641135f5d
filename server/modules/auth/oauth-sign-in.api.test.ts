import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailingShopEnv, waitForMail } from '../../test/account-mailbox.ts';
import { CookieJar } from '../../test/cookie-jar.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The shop's public address: the redirect URI the providers are told is built on it. */
const publicUrl = 'https://shop.joinery.example';
const sessionCookie = '__Secure-better-auth.session_token';

const google = { clientId: 'joinery-test.apps.googleusercontent.com', clientSecret: 'google-client-secret', code: 'google-auth-code', accessToken: 'google-access-token' };
const facebook = { clientId: '1234567890123456', clientSecret: 'facebook-app-secret', code: 'facebook-auth-code', accessToken: 'facebook-access-token' };

/** What Google's OpenID Connect user-info endpoint answers for the person. */
const googleProfile = {
  sub: '109876543210987654321',
  name: 'Grace Hopper',
  given_name: 'Grace',
  family_name: 'Hopper',
  picture: 'https://lh3.googleusercontent.com/a/grace',
  email: 'grace.hopper@gmail.example',
  email_verified: true,
};
/** What the stand-in's Facebook answers now (before the fields are picked). */
let facebookAnswers: Record<string, unknown>;
/** What the stand-in's Google answers now; a test may swap in another identity and put it back. */
let googleAnswers: Record<string, unknown> = googleProfile;
/** What Facebook's Graph API /me answers with fields=id,name,email,picture. */
const facebookProfile = {
  id: '10158765432109876',
  name: 'Ada Lovelace',
  email: 'ada.lovelace@facebook.example',
  picture: { data: { height: 50, is_silhouette: false, url: 'https://platform-lookaside.fbsbx.com/ada', width: 50 } },
};

interface SeenRequest {
  method: string | undefined;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** A local stand-in of Google's and Facebook's token and user-info endpoints. */
const seen: SeenRequest[] = [];
const provider = http.createServer((request, response) => {
  let raw = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (raw += chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(raw);
    seen.push({ method: request.method, path: url.pathname, query: url.searchParams, authorization: request.headers.authorization, form });
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const tokenFor = (client: typeof google) =>
      form.get('grant_type') === 'authorization_code' &&
      form.get('code') === client.code &&
      form.get('client_id') === client.clientId &&
      form.get('client_secret') === client.clientSecret
        ? reply(200, { access_token: client.accessToken, token_type: 'Bearer', expires_in: 3599 })
        : reply(400, { error: 'invalid_grant', error_description: 'Bad Request' });
    const bearer = request.headers.authorization;

    if (request.method === 'POST' && url.pathname === '/google/token') return tokenFor(google);
    if (request.method === 'GET' && url.pathname === '/google/userinfo') {
      return bearer === `Bearer ${google.accessToken}` ? reply(200, googleAnswers) : reply(401, { error: 'invalid_token' });
    }
    if (request.method === 'POST' && url.pathname === '/facebook/oauth/access_token') return tokenFor(facebook);
    if (request.method === 'GET' && url.pathname === '/facebook/me') {
      if (bearer !== `Bearer ${facebook.accessToken}`) return reply(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      return reply(200, Object.fromEntries(Object.entries(facebookAnswers).filter(([field]) => fields.includes(field))));
    }
    return reply(404, { error: 'not_found' });
  });
});
let providerUrl: string;

let shop: TestApp;
/** The shop's mail provider: a new account whose address nobody vouched for is sent a link to confirm it. */
let mailbox: SmtpStandIn;
beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  mailbox = await startSmtpStandIn();
  shop = await createTestApp({
    seed: false,
    jobs: { pollIntervalMs: 50 },
    env: {
      ...mailingShopEnv(mailbox),
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_AUTHORIZATION_URL: `${providerUrl}/google/authorize`,
      GOOGLE_TOKEN_URL: `${providerUrl}/google/token`,
      GOOGLE_USERINFO_URL: `${providerUrl}/google/userinfo`,
      FACEBOOK_CLIENT_ID: facebook.clientId,
      FACEBOOK_CLIENT_SECRET: facebook.clientSecret,
      FACEBOOK_AUTHORIZATION_URL: `${providerUrl}/facebook/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${providerUrl}/facebook/oauth/access_token`,
      FACEBOOK_USERINFO_URL: `${providerUrl}/facebook/me`,
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  googleAnswers = googleProfile;
  facebookAnswers = facebookProfile;
});

/** Each test comes from its own address, so that the per-client limits of one do not touch another. */
let nextClient = 1;
const newClient = () => `10.3.0.${nextClient++}`;

/** The page's click on "Sign in with …": better-auth answers the provider's authorize URL. */
async function startSignIn(providerId: string, client: string, app = shop.app) {
  const jar = new CookieJar();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: publicUrl },
    payload: { provider: providerId, callbackURL: '/dashboard' },
    remoteAddress: client,
  });
  jar.store(res.headers['set-cookie']);
  return { res, jar };
}

/** The provider sending the browser back to the shop with a code. */
async function callback(providerId: string, query: Record<string, string>, jar: CookieJar, client: string) {
  const res = await shop.app.inject({
    method: 'GET',
    url: `/api/auth/callback/${providerId}?${new URLSearchParams(query).toString()}`,
    headers: { cookie: jar.header() },
    remoteAddress: client,
  });
  jar.store(res.headers['set-cookie']);
  return res;
}

async function viewerOf(jar: CookieJar) {
  const res = await shop.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: jar.header() } });
  expect(res.statusCode).toBe(200);
  return res.json().user as { name: string; email: string; role: string; hasPassword: boolean; emailConfirmationNeeded: boolean } | null;
}

const usersWithEmail = (email: string) => shop.db.selectFrom('user').select(['id', 'name', 'email', 'role']).where('email', '=', email).execute();

const codeChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describe('signing in with Google', () => {
  it('sends the browser to Google with the client id, the redirect URI and a state', async () => {
    const { res } = await startSignIn('google', newClient());
    expect(res.statusCode).toBe(200);
    const { url, redirect } = res.json<{ url: string; redirect: boolean }>();
    expect(redirect).toBe(true);
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${providerUrl}/google/authorize`);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('client_id')).toBe(google.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/callback/google`);
    expect(authorize.searchParams.get('state')).toMatch(/^\S{16,}$/);
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // Nothing has been asked of Google's servers yet: the browser goes there.
    expect(seen).toEqual([]);
  });

  it('signs the person in on the way back, makes their account from Google’s profile, and lands on the callback URL', async () => {
    const client = newClient();
    const { res: started, jar } = await startSignIn('google', client);
    const authorize = new URL(started.json<{ url: string }>().url);
    const state = authorize.searchParams.get('state') ?? '';

    const res = await callback('google', { code: google.code, state }, jar, client);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    expect(jar.has(sessionCookie)).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);

    const tokenRequest = seen.find((request) => request.path === '/google/token');
    expect(tokenRequest?.method).toBe('POST');
    expect(Object.fromEntries(tokenRequest?.form ?? [])).toMatchObject({
      grant_type: 'authorization_code',
      code: google.code,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: `${publicUrl}/api/auth/callback/google`,
    });
    // PKCE: the verifier sent now matches the challenge the browser carried to Google.
    expect(codeChallengeOf(tokenRequest?.form.get('code_verifier') ?? '')).toBe(authorize.searchParams.get('code_challenge'));
    expect(seen.find((request) => request.path === '/google/userinfo')?.authorization).toBe(`Bearer ${google.accessToken}`);

    expect(await viewerOf(jar)).toMatchObject({ name: googleProfile.name, email: googleProfile.email, role: 'user', hasPassword: false });
    expect(await usersWithEmail(googleProfile.email)).toEqual([{ id: expect.any(String), name: googleProfile.name, email: googleProfile.email, role: 'user' }]);
    // Google vouched for the address: there is nothing to confirm and no link is mailed.
    expect(await viewerOf(jar)).toMatchObject({ emailConfirmationNeeded: false });
    await shop.app.jobs.waitUntilIdle();
    expect(mailbox.received.filter((mail) => mail.to.includes(googleProfile.email))).toEqual([]);
  });

  it('signs the same Google account into the same user the next time', async () => {
    const client = newClient();
    const signInOnce = async () => {
      const { res: started, jar } = await startSignIn('google', client);
      const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
      expect((await callback('google', { code: google.code, state }, jar, client)).statusCode).toBe(302);
      return viewerOf(jar);
    };
    const first = await signInOnce();
    const second = await signInOnce();
    expect(second).toEqual(first);
    expect(await usersWithEmail(googleProfile.email)).toHaveLength(1);
  });

  it('takes only the boolean true as Google vouching for the address: "false" as a string joins no account', async () => {
    const client = newClient();
    const signIn = async () => {
      const { res: started, jar } = await startSignIn('google', client);
      const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
      const res = await callback('google', { code: google.code, state }, jar, client);
      return { res, viewer: await viewerOf(jar) };
    };
    expect((await signIn()).viewer).toMatchObject({ email: googleProfile.email });

    for (const claim of ['false', 'true', 1, null]) {
      // Another Google identity that claims Grace's address without a boolean true.
      googleAnswers = { ...googleProfile, sub: '200000000000000000002', name: 'Someone Else', email_verified: claim };
      const { res, viewer } = await signIn();
      expect(res.statusCode, String(claim)).toBe(302);
      expect(res.headers.location, String(claim)).toContain('error=');
      expect(viewer, String(claim)).toBeNull();
    }
    expect(await usersWithEmail(googleProfile.email)).toHaveLength(1);
    const accounts = await shop.db.selectFrom('account').select('accountId').where('providerId', '=', 'google').execute();
    expect(accounts.map((account) => account.accountId)).not.toContain('200000000000000000002');
  });
});

describe('signing in with Facebook', () => {
  it('goes through Facebook’s dialog and Graph API and makes the account from the Graph profile', async () => {
    const client = newClient();
    const { res: started, jar } = await startSignIn('facebook', client);
    expect(started.statusCode).toBe(200);
    const authorize = new URL(started.json<{ url: string }>().url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${providerUrl}/facebook/dialog/oauth`);
    expect(authorize.searchParams.get('client_id')).toBe(facebook.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/callback/facebook`);
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['email', 'public_profile']));
    const state = authorize.searchParams.get('state') ?? '';
    expect(state).not.toBe('');

    const res = await callback('facebook', { code: facebook.code, state }, jar, client);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    expect(jar.has(sessionCookie)).toBe(true);

    expect(Object.fromEntries(seen.find((request) => request.path === '/facebook/oauth/access_token')?.form ?? [])).toMatchObject({
      code: facebook.code,
      client_id: facebook.clientId,
      client_secret: facebook.clientSecret,
      redirect_uri: `${publicUrl}/api/auth/callback/facebook`,
    });
    const me = seen.find((request) => request.path === '/facebook/me');
    expect(me?.authorization).toBe(`Bearer ${facebook.accessToken}`);
    expect(me?.query.get('fields')?.split(',')).toEqual(expect.arrayContaining(['id', 'name', 'email', 'picture']));

    expect(await viewerOf(jar)).toMatchObject({ name: facebookProfile.name, email: facebookProfile.email, role: 'user' });
    // Facebook does not say it confirmed the address: the shop asks its owner to.
    expect(await viewerOf(jar)).toMatchObject({ emailConfirmationNeeded: true });
    const welcome = await waitForMail(mailbox, facebookProfile.email, 'Welcome to Joinery: please confirm your e-mail address');
    expect(welcome.text).toContain(`${publicUrl}/verifyEmail?token=`);
    const [stored] = await shop.db.selectFrom('user').select(['name', 'email', 'image']).where('email', '=', facebookProfile.email).execute();
    expect(stored).toEqual({ name: facebookProfile.name, email: facebookProfile.email, image: facebookProfile.picture.data.url });
  });
});

describe('refusals', () => {
  it('refuses a provider that is not configured, plainly', async () => {
    const plain = await createTestApp({ seed: false, env: { PUBLIC_URL: publicUrl } });
    try {
      for (const providerId of ['google', 'facebook']) {
        const { res } = await startSignIn(providerId, newClient(), plain.app);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Provider not found' });
      }
      const options = await plain.app.inject({ method: 'GET', url: '/api/sign-in-options' });
      expect(options.json()).toMatchObject({ google: false, facebook: false });
    } finally {
      await plain.close();
    }
  });

  it('refuses a callback whose state is not the one it handed out, and makes no user', async () => {
    const client = newClient();
    const { res: started, jar } = await startSignIn('google', client);
    const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
    const before = await shop.db.selectFrom('user').select('id').execute();

    const res = await callback('google', { code: google.code, state: `${state.slice(0, -1)}${state.endsWith('x') ? 'y' : 'x'}` }, jar, client);
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), publicUrl);
    expect(location.pathname).not.toBe('/dashboard');
    expect(location.searchParams.get('error')).toMatch(/state/);
    expect(jar.has(sessionCookie)).toBe(false);
    expect(seen.filter((request) => request.path === '/google/token')).toEqual([]);
    expect(await shop.db.selectFrom('user').select('id').execute()).toEqual(before);
  });

  it('refuses a callback carrying a state from another browser', async () => {
    const client = newClient();
    const { res: started } = await startSignIn('google', client);
    const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
    // An attacker's state, delivered to a victim whose browser holds no matching cookie.
    const res = await callback('google', { code: google.code, state }, new CookieJar(), client);
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), publicUrl).searchParams.get('error')).toMatch(/state/);
    expect(seen.filter((request) => request.path === '/google/token')).toEqual([]);
  });

  it('refuses a code the provider does not accept', async () => {
    const client = newClient();
    const { res: started, jar } = await startSignIn('google', client);
    const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
    const res = await callback('google', { code: 'forged-code', state }, jar, client);
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), publicUrl).searchParams.get('error')).toBeTruthy();
    expect(jar.has(sessionCookie)).toBe(false);
  });
});

describe('an address belongs to whoever reads its mail', () => {
  /** The owner of the address, as Google knows her; a squatter claims the address first. */
  let owner: { sub: string; email: string; name: string };
  let nextOwner = 1;
  beforeEach(() => {
    const n = nextOwner++;
    owner = { sub: `3000000000000000000${n}`, email: `owner${n}.${Date.now()}@gmail.example`, name: 'Olive Owner' };
  });

  const authPost = (path: string, body: object, cookie?: string) =>
    shop.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { origin: publicUrl, ...(cookie && { cookie }) }, payload: body, remoteAddress: newClient() });
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const jar = new CookieJar();
    jar.store(res.headers['set-cookie'] as string[] | undefined);
    return jar.header();
  };
  const sessionUser = async (cookie: string) => (await shop.app.inject({ url: '/api/session', headers: { cookie } })).json<{ user: { email: string } | null }>().user;

  /** Someone else signs up with the owner's address and a password of their own, and stays signed in. */
  async function squatWithPassword() {
    const res = await authPost('/sign-up/email', { name: 'Sam Squatter', email: owner.email, password: 'squatter-pass-1' });
    expect(res.statusCode).toBe(200);
    return cookieOf(res);
  }

  async function signInWith(providerId: 'google' | 'facebook', answers: Record<string, unknown>) {
    if (providerId === 'google') googleAnswers = answers;
    else facebookAnswers = answers;
    const client = newClient();
    const { res: started, jar } = await startSignIn(providerId, client);
    const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
    const code = providerId === 'google' ? google.code : facebook.code;
    const res = await callback(providerId, { code, state }, jar, client);
    return { res, viewer: await viewerOf(jar), cookie: jar.header() };
  }
  const ownersGoogle = () => signInWith('google', { ...googleProfile, sub: owner.sub, email: owner.email, name: owner.name, email_verified: true });

  async function expectSquatterLockedOut(squatterCookie: string) {
    expect(await sessionUser(squatterCookie)).toBeNull();
    const again = await authPost('/sign-in/email', { email: owner.email, password: 'squatter-pass-1' });
    expect(again.statusCode).toBe(401);
  }

  it('gives the account to the owner’s verified Google sign-in, and ends the squatter’s password and session', async () => {
    const squatter = await squatWithPassword();
    expect(await sessionUser(squatter)).toMatchObject({ email: owner.email });

    const { res, viewer } = await ownersGoogle();
    expect(res.headers.location).toBe('/dashboard');
    expect(viewer).toMatchObject({ email: owner.email, emailConfirmationNeeded: false, hasPassword: false });
    await expectSquatterLockedOut(squatter);
    expect(await usersWithEmail(owner.email)).toHaveLength(1);
  });

  it('does the same when a Facebook profile claimed the address first: that Facebook sign-in stops working', async () => {
    const claim = { ...facebookProfile, id: `1015${Date.now()}`, name: 'Faye Faker', email: owner.email };
    const claimed = await signInWith('facebook', claim);
    expect(claimed.viewer).toMatchObject({ email: owner.email });

    const { viewer } = await ownersGoogle();
    expect(viewer).toMatchObject({ email: owner.email, name: expect.any(String) });
    expect(await sessionUser(claimed.cookie)).toBeNull();
    const facebookAgain = await signInWith('facebook', claim);
    expect(facebookAgain.viewer).toBeNull();
    expect(facebookAgain.res.headers.location).toContain('error=');
  });

  it('gives the account to whoever uses the reset link mailed to the address', async () => {
    const squatter = await squatWithPassword();
    expect((await authPost('/request-password-reset', { email: owner.email })).statusCode).toBe(200);
    const mail = await waitForMail(mailbox, owner.email, 'Reset your Joinery password');
    const token = /resetPassword\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(token).not.toBe('');
    expect((await authPost('/reset-password', { token, newPassword: 'owners-own-pass-2' })).statusCode).toBe(200);

    await expectSquatterLockedOut(squatter);
    const ownerIn = await authPost('/sign-in/email', { email: owner.email, password: 'owners-own-pass-2' });
    expect(ownerIn.statusCode).toBe(200);
    expect(await sessionUser(cookieOf(ownerIn))).toMatchObject({ email: owner.email });
  });

  it('leaves a verified account alone: Google joins it, and its password keeps working', async () => {
    const res = await authPost('/sign-up/email', { name: 'Olive Owner', email: owner.email, password: 'owners-own-pass-3' });
    expect(res.statusCode).toBe(200);
    const signedIn = cookieOf(res);
    const welcome = await waitForMail(mailbox, owner.email, 'Welcome to Joinery: please confirm your e-mail address');
    const token = /verifyEmail\?token=([\w.-]+)/.exec(welcome.text)?.[1] ?? '';
    const confirmed = await shop.app.inject({ url: `/api/auth/verify-email?token=${token}`, headers: { cookie: signedIn }, remoteAddress: newClient() });
    expect(confirmed.statusCode).toBeLessThan(400);

    expect((await ownersGoogle()).viewer).toMatchObject({ email: owner.email, hasPassword: true });
    expect(await sessionUser(signedIn)).toMatchObject({ email: owner.email });
    expect((await authPost('/sign-in/email', { email: owner.email, password: 'owners-own-pass-3' })).statusCode).toBe(200);
  });
});
