import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { JobQueueSettings } from '../modules/jobs/create-job-queue.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The origin the test app trusts (PUBLIC_URL unset, PORT unset). */
export const testOrigin = 'http://localhost:3000';

export interface TestAccount {
  email: string;
  password: string;
  /** The Cookie header that carries the account's session. */
  cookie: string;
}

let counter = 0;

/** Cookie header from a response's Set-Cookie headers (name=value pairs only). */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function postAuth(app: FastifyInstance, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { origin: testOrigin, ...headers }, payload: body as object });
}

/** Registers a new customer through better-auth's sign-up endpoint, as the register page does. */
export async function signUp(app: FastifyInstance, name = 'Test Customer'): Promise<TestAccount> {
  counter += 1;
  const email = `customer${counter}.${Date.now()}@example.com`;
  const password = 'sawdust-123';
  const response = await postAuth(app, '/sign-up/email', { name, email, password });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, password, cookie: cookieFrom(response.headers['set-cookie']) };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<TestAccount> {
  const response = await postAuth(app, '/sign-in/email', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { email, password, cookie: cookieFrom(response.headers['set-cookie']) };
}

/** The shop admin that createShopWithPeople sets up from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const adminEmail = 'boss@joinery.example';
const adminPassword = 'admin-pass-123';

export interface ShopWithPeople {
  shop: TestApp;
  /** The shop admin, signed in. */
  admin: TestAccount;
  /** Two customers, signed up: 'Carol Customer' and 'Oscar Other'. */
  carol: TestAccount;
  oscar: TestAccount;
}

/**
 * A shop with no catalogue, its admin signed in and two customers signed up, for the "who may call what" tests.
 * `seed`: the demo catalogue too, so that "newest first" is seen among older products and reviews.
 * `clock`: the shop's time, for tests in which it must pass (the real time by default).
 * `jobs`: background tasks of the test's own (see createTestApp).
 * `env`: more settings (a mail server, say).
 * `webRoot`: a stand-in for the built web app (see createTestApp).
 */
export async function createShopWithPeople({
  seed = false,
  clock,
  jobs,
  env = {},
  webRoot,
}: { seed?: boolean; clock?: Clock; jobs?: JobQueueSettings; env?: NodeJS.ProcessEnv; webRoot?: string } = {}): Promise<ShopWithPeople> {
  const shop = await createTestApp({
    seed,
    webRoot,
    clock,
    jobs,
    // Many sign-ups from one test client: keep better-auth's per-minute limit out of the way.
    env: { ...env, ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  try {
    const admin = await signIn(shop.app, adminEmail, adminPassword);
    const carol = await signUp(shop.app, 'Carol Customer');
    const oscar = await signUp(shop.app, 'Oscar Other');
    return { shop, admin, carol, oscar };
  } catch (error) {
    await shop.close();
    throw error;
  }
}
