import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRight, type StaffRole, staffRights, staffRoles, withoutRightMessage } from '../../common/staff-roles.ts';
import type { DeclaredRoute } from './route-access.ts';
import { createShopWithPeople, type ShopWithPeople, type TestAccount, testOrigin } from '../test/accounts.ts';
import { createTestApp } from '../test/test-app.ts';
import { placeOrder } from '../test/ordering.ts';
import { signUpStaff } from '../test/staff.ts';

const neverKept = 'private, no-store';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let people: ShopWithPeople;
let routes: DeclaredRoute[];
/** One signed-in staff member of each role but the owner (the shop's admin is the owner). */
const staff = {} as Record<Exclude<StaffRole, 'owner'>, TestAccount>;

beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
  routes = people.shop.app.declaredRoutes();
  for (const role of ['manager', 'fulfilment', 'support'] as const) staff[role] = await signUpStaff(people.shop, people.admin, role);
});
afterAll(() => people.shop.close());

/** The route's path with its parameters filled in: the caller's own address, an id that names nothing. */
function pathFor(route: DeclaredRoute, caller: TestAccount | undefined): string {
  return route.url
    .replace(':email', encodeURIComponent((caller ?? people.carol).email))
    .replace(/:[a-zA-Z]+/g, 'no-such-id')
    .replace('*', 'no-such-endpoint');
}

/** Every route called by one caller, unsafe ones with a body that is not even JSON. */
function callEvery(caller: TestAccount | undefined, from: { origin?: string; referer?: string } = { origin: testOrigin }, among = routes) {
  return Promise.all(
    among.map(async (route) => {
      const response = await people.shop.app.inject({
        method: route.method as 'GET',
        url: pathFor(route, caller),
        headers: {
          ...from,
          ...(caller && { cookie: caller.cookie }),
          ...(unsafeMethods.has(route.method) && { 'content-type': 'application/json' }),
        },
        ...(unsafeMethods.has(route.method) && { payload: '{"malformed": [' }),
      });
      return { route, status: response.statusCode, cacheControl: response.headers['cache-control'], body: response.body };
    }),
  );
}

/** The header a refusal or error carries: the calls below name nothing, so no long-lived answer is among them. */
function expectedCacheControl(route: DeclaredRoute): string {
  if (route.cache === 'revalidate') return 'no-cache';
  return neverKept;
}

describe('every /api route declares who may call it, and one hook enforces it', () => {
  it('finds the shop’s routes, each with a declared access level', () => {
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toMatch(/^(public|anyone|signedIn|buyer|admin)$/);
    // Spot checks of the table in design.md.
    const accessOf = (method: string, url: string) => routes.find((route) => route.method === method && route.url === url)?.access;
    expect(accessOf('GET', '/api/products')).toBe('public');
    expect(accessOf('POST', '/api/products')).toBe('admin');
    expect(accessOf('GET', '/api/products/:id')).toBe('public');
    expect(accessOf('GET', '/api/products/:id/manage')).toBe('admin');
    expect(accessOf('POST', '/api/orders')).toBe('signedIn');
    expect(accessOf('GET', '/api/orders')).toBe('admin');
    expect(accessOf('GET', '/api/users')).toBe('admin');
    expect(accessOf('PUT', '/api/users/:email')).toBe('signedIn');
    expect(accessOf('PATCH', '/api/orders/:id/shipping')).toBe('admin');
    expect(accessOf('POST', '/api/cart/checkout')).toBe('anyone');
    expect(accessOf('POST', '/api/create-payment-intent')).toBe('buyer');
    expect(accessOf('PUT', '/api/shipping-zones')).toBe('admin');
    expect(accessOf('POST', '/api/discount-codes')).toBe('admin');
    expect(accessOf('GET', '/api/categories')).toBe('public');
    expect(accessOf('POST', '/api/categories')).toBe('admin');
    expect(accessOf('PUT', '/api/categories/:slug')).toBe('admin');
    expect(accessOf('DELETE', '/api/categories/:slug')).toBe('admin');
  });

  it('answers anonymous callers of guarded routes 401, whatever they send', async () => {
    for (const { route, status } of await callEvery(undefined)) {
      const label = `${route.method} ${route.url}`;
      if (route.access === 'public' || route.access === 'anyone') expect([401, 403], label).not.toContain(status);
      else expect(status, label).toBe(401);
    }
  });

  it('lets a guest with an order’s key reach the routes of their order, where a key that is not the order’s opens nothing', async () => {
    const guestRoutes = routes.filter((route) => route.access === 'buyer');
    expect(guestRoutes.length).toBeGreaterThanOrEqual(8);
    for (const route of guestRoutes) {
      const response = await people.shop.app.inject({
        method: route.method as 'GET',
        url: pathFor(route, undefined),
        headers: { origin: testOrigin, 'x-order-key': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', ...(unsafeMethods.has(route.method) && { 'content-type': 'application/json' }) },
        ...(unsafeMethods.has(route.method) && { payload: '{}' }),
      });
      // Past the door: the order named is looked for, and a key that does not open it finds nothing (or the body is refused first).
      expect([400, 404], `${route.method} ${route.url}`).toContain(response.statusCode);
    }
  });

  it('answers customers 403 on every admin route, even when their body is malformed, and lets them reach the rest', async () => {
    for (const { route, status } of await callEvery(people.carol)) {
      const label = `${route.method} ${route.url}`;
      if (route.access === 'admin') expect(status, label).toBe(403);
      else expect([401, 403], label).not.toContain(status);
    }
  });

  it('lets the owner reach every route', async () => {
    for (const { route, status } of await callEvery(people.admin)) {
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(status);
    }
  });

  it('has every admin route declare the one staff right it needs, and no other route declare one', () => {
    const adminRoutes = routes.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      if (route.access === 'admin') expect(staffRights, label).toContain(route.right);
      else expect(route.right, label).toBeUndefined();
    }
    // Spot checks of ADR 042's table.
    const rightOf = (method: string, url: string) => routes.find((route) => route.method === method && route.url === url)?.right;
    expect(rightOf('POST', '/api/products')).toBe('catalogue');
    expect(rightOf('GET', '/api/orders')).toBe('orders.read');
    expect(rightOf('POST', '/api/orders/:id/shipments')).toBe('orders');
    expect(rightOf('POST', '/api/orders/:id/refunds')).toBe('refunds');
    expect(rightOf('GET', '/api/users')).toBe('customers.read');
    expect(rightOf('PUT', '/api/users/:email/role')).toBe('roles');
    expect(rightOf('PUT', '/api/tax-settings')).toBe('settings');
    expect(rightOf('GET', '/api/overview')).toBe('reports');
    expect(rightOf('GET', '/api/contact-messages')).toBe('inbox');
  });

  for (const role of ['manager', 'fulfilment', 'support'] as const) {
    it(`refuses a ${role} exactly the admin routes whose right the role lacks, naming what they may not do, and lets them reach the rest`, async () => {
      let refused = 0;
      for (const { route, status, body } of await callEvery(staff[role])) {
        const label = `${route.method} ${route.url}`;
        if (route.access === 'admin' && !hasRight(role, route.right!)) {
          refused += 1;
          expect(status, label).toBe(403);
          expect(JSON.parse(body).message, label).toBe(withoutRightMessage(role, route.right!));
        } else expect([401, 403], label).not.toContain(status);
      }
      // Every role but the owner lacks some right, so each is refused somewhere.
      expect(refused).toBeGreaterThan(0);
    });
  }

  it('gives each role the rights of ADR 042', () => {
    const table = Object.fromEntries(staffRoles.map((role) => [role, staffRights.filter((right) => hasRight(role, right))]));
    expect(table).toEqual({
      owner: [...staffRights],
      manager: staffRights.filter((right) => right !== 'settings' && right !== 'roles'),
      fulfilment: ['orders.read', 'orders'],
      support: ['orders.read', 'customers.read', 'refunds', 'inbox'],
    });
  });

  it('never lets a browser or proxy keep a personal or admin answer, refusals included', async () => {
    for (const caller of [undefined, people.carol, people.admin]) {
      for (const { route, cacheControl } of await callEvery(caller)) {
        expect(cacheControl, `${route.method} ${route.url}`).toBe(expectedCacheControl(route));
      }
    }
  });

  it('marks the customers’ data no-store where it is answered', async () => {
    const { app } = people.shop;
    const carolPath = encodeURIComponent(people.carol.email);
    // A product sold one way: an order of one sold in several ways names its variant.
    const product = (await app.inject({ url: '/api/products?limit=100' }))
      .json<Array<{ _id: string; minQuantity: number; options: unknown[] }>>()
      .find((listed) => listed.options.length === 0)!;
    await placeOrder(app, people.carol, product._id, product.minQuantity);
    for (const [url, who] of [
      ['/api/users', people.admin],
      ['/api/orders', people.admin],
      [`/api/orders/${carolPath}`, people.carol],
      [`/api/users/${carolPath}`, people.carol],
      ['/api/session', people.carol],
    ] as const) {
      const response = await app.inject({ url, headers: { cookie: who.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(neverKept);
    }
  });
});

describe('an unsafe call with cookies is answered only when it comes from the shop’s own pages', () => {
  const foreignRefusal = 'This request came from a page outside the shop';
  const cookieCarrying = () => routes.filter((route) => unsafeMethods.has(route.method) && route.origin === 'shop');

  it('covers every unsafe /api route except signed webhooks', () => {
    expect(cookieCarrying().length).toBeGreaterThan(15);
    const exempt = routes.filter((route) => unsafeMethods.has(route.method) && route.origin !== 'shop');
    for (const route of exempt) expect(route.url, `${route.method} ${route.url}`).toMatch(/^\/api\/webhooks\//);
  });

  it('refuses each with 403 when the Origin is another site, even for an admin, and lets the shop’s own origin past', async () => {
    for (const from of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/shop.html' }, { origin: 'null' }]) {
      for (const { route, status, body } of await callEvery(people.admin, from, cookieCarrying())) {
        const label = `${route.method} ${route.url} from ${JSON.stringify(from)}`;
        expect(status, label).toBe(403);
        expect(body, label).toContain(foreignRefusal);
      }
    }
    for (const from of [{ origin: testOrigin }, { referer: `${testOrigin}/dashboard/myorders` }]) {
      for (const { route, body } of await callEvery(people.admin, from, cookieCarrying())) {
        expect(body, `${route.method} ${route.url} from ${JSON.stringify(from)}`).not.toContain(foreignRefusal);
      }
    }
  });

  it('changes nothing when a foreign page places an order, edits a profile or makes an admin', async () => {
    const { app } = people.shop;
    const evil = { origin: 'https://evil.example' };
    const product = (await app.inject({ url: '/api/products?limit=1' })).json<Array<{ _id: string; minQuantity: number }>>()[0]!;
    const before = (await app.inject({ url: `/api/orders/${encodeURIComponent(people.carol.email)}`, headers: { cookie: people.carol.cookie } })).json<unknown[]>();
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...evil, cookie: people.carol.cookie },
      payload: { productId: product._id, quantity: product.minQuantity, phone: '+1 555 010 2030', adress: '1 Evil Way' },
    });
    expect(placed.statusCode).toBe(403);
    const after = (await app.inject({ url: `/api/orders/${encodeURIComponent(people.carol.email)}`, headers: { cookie: people.carol.cookie } })).json<unknown[]>();
    expect(after).toEqual(before);

    const oscarPath = `/api/users/${encodeURIComponent(people.oscar.email)}`;
    const madeAdmin = await app.inject({ method: 'PUT', url: oscarPath, headers: { ...evil, cookie: people.admin.cookie }, payload: { userRole: 'admin' } });
    expect(madeAdmin.statusCode).toBe(403);
    const oscar = (await app.inject({ url: oscarPath, headers: { cookie: people.admin.cookie } })).json<{ userRole?: string }>();
    expect(oscar.userRole).not.toBe('admin');
  });

  it('lets a call with no cookie, or from no page at all, through to the route’s own rules', async () => {
    const { app } = people.shop;
    const anonymous = await app.inject({ method: 'POST', url: '/api/orders', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const script = await app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: people.carol.cookie }, payload: {} });
    expect(script.statusCode).toBe(400);
  });
});

describe('the public catalogue is kept by browsers but checked on every use', () => {
  it('answers an unchanged list or product 304 with no body, and a changed one in full with a new tag', async () => {
    const { app } = people.shop;
    for (const url of ['/api/products', '/api/reviews']) {
      const first = await app.inject({ url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^"[\w-]+"$/);
      const again = await app.inject({ url, headers: { 'if-none-match': tag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }

    // A product sold one way, edited with the specification's fields: one sold in several ways is priced by its variants.
    const product = (await app.inject({ url: '/api/products?limit=100' }))
      .json<Array<Record<string, unknown> & { _id: string; price: number; options: unknown[] }>>()
      .find((listed) => listed.options.length === 0);
    const url = `/api/products/${product!._id}`;
    const before = await app.inject({ url });
    const tag = String(before.headers.etag);
    const { _id, ...fields } = product!;
    const edit = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: people.admin.cookie, origin: testOrigin },
      payload: { ...fields, price: product!.price + 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await app.inject({ url, headers: { 'if-none-match': tag } });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ price: number }>().price).toBe(product!.price + 1);
    expect(after.headers.etag).not.toBe(tag);
  });
});

describe('starting the app', () => {
  it('refuses to start when an /api route does not say who may call it', async () => {
    await expect(
      createTestApp({
        seed: false,
        addRoutes: (app) => app.get('/api/forgotten', async () => ({ open: true })),
      }),
    ).rejects.toThrow(/GET \/api\/forgotten/);
  });

  it('refuses to start when an admin route does not name the staff right it needs', async () => {
    await expect(
      createTestApp({
        seed: false,
        addRoutes: (app) => app.get('/api/secret', { config: { access: 'admin' } }, async () => ({ open: true })),
      }),
    ).rejects.toThrow(/config\.right.*GET \/api\/secret/);
  });

  it('refuses to start when a route that is not public asks to be cached', async () => {
    await expect(
      createTestApp({
        seed: false,
        addRoutes: (app) => app.get('/api/mine', { config: { access: 'signedIn', cache: 'revalidate' } }, async () => ({ mine: true })),
      }),
    ).rejects.toThrow(/GET \/api\/mine/);
  });
});
