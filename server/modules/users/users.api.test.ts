import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createShopWithPeople, postAuth, signUp, type TestAccount } from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * design.md's "Who may call what" rows for users, as anonymous, a customer, another customer and an
 * admin: GET /users is for admins; GET and PUT /users/{email} are for yourself (without userRole) or,
 * for an admin, anyone (with userRole: 'admin' and the staff role).
 */
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let oscar: TestAccount;
beforeAll(async () => {
  ({ shop, admin, carol, oscar } = await createShopWithPeople());
});
afterAll(() => shop.close());

const userUrl = (email: string) => `/api/users/${encodeURIComponent(email)}`;
const get = (url: string, who?: TestAccount) => shop.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const put = (email: string, payload: object, who?: TestAccount) => shop.app.inject({ method: 'PUT', url: userUrl(email), payload, headers: who ? { cookie: who.cookie } : {} });
const roleInSession = async (who: TestAccount) => (await get('/api/session', who)).json().user.role;

/** A user as the specification shows one: exactly these fields, userRole only for admins. */
const customerShape = (name: string, email: string, profile: Partial<Record<'userEdu' | 'userLocation' | 'userNumber', string>> = {}) => ({
  _id: expect.any(String),
  userName: name,
  userEmail: email,
  userEdu: '',
  userLocation: '',
  userNumber: '',
  ...profile,
});

const notSignedIn = { code: 'UNAUTHENTICATED', message: expect.any(String) };
const forbidden = { code: 'FORBIDDEN', message: expect.any(String) };

describe('GET /api/users', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await get('/api/users');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
  });

  it('answers 403 to a customer', async () => {
    const res = await get('/api/users', carol);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it("gives an admin every user in the specification's shape, with the total in X-Total-Count", async () => {
    const res = await get('/api/users?limit=100', admin);
    expect(res.statusCode).toBe(200);
    const users = res.json();
    expect(res.headers['x-total-count']).toBe(String(users.length));
    const byEmail = Object.fromEntries(users.map((user: { userEmail: string }) => [user.userEmail, user]));
    expect(byEmail[adminEmail]).toEqual({ ...customerShape('Shop admin', adminEmail), userRole: 'admin', staffRole: 'owner' });
    expect(byEmail[carol.email]).toEqual(customerShape('Carol Customer', carol.email));
    expect(byEmail[oscar.email]).toEqual(customerShape('Oscar Other', oscar.email));
    expect(new Set(users.map((user: { _id: string }) => user._id)).size).toBe(users.length);
  });

  it('lists a newly signed-up user straight away', async () => {
    const before = Number((await get('/api/users', admin)).headers['x-total-count']);
    const newcomer = await signUp(shop.app, 'Nina Newcomer');
    const res = await get('/api/users?limit=100', admin);
    expect(res.headers['x-total-count']).toBe(String(before + 1));
    expect(res.json()).toContainEqual(customerShape('Nina Newcomer', newcomer.email));
  });

  it('pages with limit and offset, and the pages add up to the whole list', async () => {
    const whole = (await get('/api/users?limit=100', admin)).json().map((user: { _id: string }) => user._id);
    expect(whole.length).toBeGreaterThanOrEqual(3);

    const paged: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 2) {
      const page = await get(`/api/users?limit=2&offset=${offset}`, admin);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-total-count']).toBe(String(whole.length));
      const ids = page.json().map((user: { _id: string }) => user._id);
      expect(ids.length).toBe(Math.min(2, whole.length - offset));
      paged.push(...ids);
    }
    expect(paged).toEqual(whole);

    const pastTheEnd = await get(`/api/users?offset=${whole.length}`, admin);
    expect(pastTheEnd.json()).toEqual([]);
    expect(pastTheEnd.headers['x-total-count']).toBe(String(whole.length));
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'limit=ten'])('refuses %s with 400', async (query) => {
    const res = await get(`/api/users?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});

describe('GET /api/users/{email}', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await get(userUrl(carol.email));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
  });

  it('gives a customer their own profile, whatever the case of the e-mail in the path', async () => {
    for (const email of [carol.email, carol.email.toUpperCase()]) {
      const res = await get(userUrl(email), carol);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(customerShape('Carol Customer', carol.email));
    }
  });

  it('finds an address with a plus sign, sent encoded as the page sends it', async () => {
    const email = `ann+shop.${Date.now()}@example.com`;
    const signedUp = await postAuth(shop.app, '/sign-up/email', { name: 'Ann Plus', email, password: 'sawdust-123' });
    expect(signedUp.statusCode).toBe(200);
    const res = await get(userUrl(email), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(customerShape('Ann Plus', email));
  });

  it("refuses a customer another customer's profile, in any case, and does not say whether an address exists", async () => {
    for (const email of [oscar.email, oscar.email.toUpperCase(), adminEmail, 'nobody@example.com']) {
      const res = await get(userUrl(email), carol);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
  });

  it('gives an admin anyone, whatever the case of the e-mail', async () => {
    const res = await get(userUrl(oscar.email.toUpperCase()), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(customerShape('Oscar Other', oscar.email));

    const self = await get(userUrl(adminEmail), admin);
    expect(self.json()).toEqual({ ...customerShape('Shop admin', adminEmail), userRole: 'admin', staffRole: 'owner' });
  });

  it('answers 404 to an admin asking for an unknown address', async () => {
    const res = await get(userUrl('nobody@example.com'), admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});

describe('PUT /api/users/{email}', () => {
  it('answers 401 to an anonymous caller and changes nothing', async () => {
    const res = await put(carol.email, { userName: 'Mallory' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notSignedIn);
    expect((await get(userUrl(carol.email), carol)).json().userName).toBe('Carol Customer');
  });

  it('lets a customer update their own profile; a blank field keeps its old value', async () => {
    const pat = await signUp(shop.app, 'Pat Profile');
    const full = { userName: 'Pat Planer', userEdu: 'City & Guilds joinery', userLocation: 'Leeds', userNumber: '+44 113 496 0000' };
    const first = await put(pat.email, full, pat);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(customerShape('Pat Planer', pat.email, { userEdu: full.userEdu, userLocation: 'Leeds', userNumber: full.userNumber }));

    // As My Profile sends it: every field, the untouched ones blank.
    const second = await put(pat.email.toUpperCase(), { userName: '', userEdu: '   ', userLocation: 'Bristol', userNumber: '' }, pat);
    expect(second.statusCode).toBe(200);
    const expected = customerShape('Pat Planer', pat.email, { userEdu: full.userEdu, userLocation: 'Bristol', userNumber: full.userNumber });
    expect(second.json()).toEqual(expected);
    // Stored, not only echoed; the session shows the new name too.
    expect((await get(userUrl(pat.email), pat)).json()).toEqual(expected);
    expect((await get('/api/session', pat)).json().user.name).toBe('Pat Planer');
  });

  it('accepts the account’s own e-mail in the body, in any case', async () => {
    const res = await put(carol.email, { userEmail: carol.email.toUpperCase(), userLocation: 'York' }, carol);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userEmail: carol.email, userLocation: 'York' });
  });

  it("refuses a customer's own userRole: 'admin': they stay a customer", async () => {
    const eve = await signUp(shop.app, 'Eve Escalator');
    const res = await put(eve.email, { userRole: 'admin', userLocation: 'Nowhere' }, eve);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);

    const profile = (await get(userUrl(eve.email), eve)).json();
    expect(profile).toEqual(customerShape('Eve Escalator', eve.email));
    expect(profile).not.toHaveProperty('userRole');
    expect(await roleInSession(eve)).toBe('user');
    expect((await get('/api/users', eve)).statusCode).toBe(403);
  });

  it("ignores better-auth's own field names and endpoints as a way to become admin", async () => {
    const eve = await signUp(shop.app, 'Eve Again');
    const viaProfile = await put(eve.email, { role: 'admin', userLocation: 'Hull' }, eve);
    expect(viaProfile.statusCode).toBe(200);
    expect(viaProfile.json()).not.toHaveProperty('userRole');

    // better-auth's update-user endpoint: the role field is not an input.
    await postAuth(shop.app, '/update-user', { role: 'admin', name: 'Eve Admin' }, { cookie: eve.cookie });
    expect(await roleInSession(eve)).toBe('user');
    expect((await get(userUrl(eve.email), admin)).json()).not.toHaveProperty('userRole');
    expect((await get('/api/users', eve)).statusCode).toBe(403);
  });

  it("refuses a customer another customer's profile, in any case, and changes nothing", async () => {
    for (const email of [oscar.email, oscar.email.toUpperCase()]) {
      const res = await put(email, { userName: 'Taken Over', userLocation: 'Elsewhere' }, carol);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect((await get(userUrl(oscar.email), oscar)).json()).toEqual(customerShape('Oscar Other', oscar.email));
  });

  it('lets an admin make a customer an admin, who may then make admin-only calls', async () => {
    const ida = await signUp(shop.app, 'Ida Promoted');
    expect((await get('/api/users', ida)).statusCode).toBe(403);

    const res = await put(ida.email.toUpperCase(), { userName: '', userRole: 'admin' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...customerShape('Ida Promoted', ida.email), userRole: 'admin', staffRole: 'owner' });

    // The same session, without signing in again.
    expect(await roleInSession(ida)).toBe('admin');
    const list = await get('/api/users', ida);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ ...customerShape('Ida Promoted', ida.email), userRole: 'admin', staffRole: 'owner' });
    expect((await get(userUrl(oscar.email), ida)).statusCode).toBe(200);
  });

  it("lets an admin edit anyone's profile", async () => {
    const tom = await signUp(shop.app, 'Tom Edited');
    const res = await put(tom.email, { userEdu: 'Apprenticeship' }, admin);
    expect(res.statusCode).toBe(200);
    expect((await get(userUrl(tom.email), tom)).json()).toEqual(customerShape('Tom Edited', tom.email, { userEdu: 'Apprenticeship' }));
  });

  it('answers 404 to an admin updating an unknown address', async () => {
    const res = await put('nobody@example.com', { userRole: 'admin' }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('refuses a userEmail that differs from the one in the path, and changes nothing', async () => {
    for (const who of [carol, admin]) {
      const res = await put(carol.email, { userEmail: oscar.email, userName: 'Switched' }, who);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/e-mail/i) });
    }
    expect((await get(userUrl(carol.email), carol)).json()).toMatchObject({ userName: 'Carol Customer', userEmail: carol.email });
    expect((await get(userUrl(oscar.email), oscar)).json()).toMatchObject({ userName: 'Oscar Other', userEmail: oscar.email });
  });

  it('refuses an invalid userNumber with a message, and changes nothing', async () => {
    const res = await put(carol.email, { userNumber: 'call me maybe', userLocation: 'Changed' }, carol);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('userNumber: Provide a valid phone number') });
    expect((await get(userUrl(carol.email), carol)).json().userLocation).not.toBe('Changed');
  });

  it("refuses any userRole but 'admin', even from an admin", async () => {
    const res = await put(oscar.email, { userRole: 'superuser' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('userRole') });
    expect((await get(userUrl(oscar.email), admin)).json()).not.toHaveProperty('userRole');
  });
});
