import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffRight } from '../../common/staff-roles.ts';
import { AppError } from '../errors.ts';
import { refuseWithoutRight } from '../modules/auth/staff-rights.ts';
import type { SignedInUser, Sessions } from '../modules/auth/viewer.ts';
import { isOrderKeyShaped, orderKeyHeader } from '../modules/orders/order-keys.ts';

/**
 * Who may call a route. `public`: anyone; `anyone`: anyone too, and the handler knows who is signed
 * in when someone is (the cart's checkout, which a guest may use); `signedIn`: any signed-in person
 * (whose objects are theirs is the domain's rule: someone else's order is a 404); `buyer`: a signed-in
 * person, or a guest holding the key of an order (the `X-Order-Key` header), which the domain checks
 * against the order named; `admin`: staff only, each route naming the one right it needs (`right`,
 * common/staff-roles.ts), which the staff member's role must hold (ADR 042); `token`: a machine
 * holding the shop's bearer token (`Authorization: Bearer $METRICS_TOKEN`: Prometheus, ADR 052), never
 * a person's session.
 */
export type RouteAccess = 'public' | 'anyone' | 'signedIn' | 'buyer' | 'admin' | 'token';

/**
 * How browsers and proxies may keep an answer; the one hook in response-policy.ts writes the header
 * for it. `private` (the default): never (`private, no-store`). `revalidate`: a public answer kept but
 * checked on every use (`no-cache` with an `ETag`, so an unchanged one costs a 304). `day`: kept a day
 * (a picture under a stable name, which a later build may fill with other bytes). `immutable`: kept a
 * year, for content under a name that never serves other bytes. A refusal or an error is never kept.
 */
export type CachePolicy = 'private' | 'revalidate' | 'day' | 'immutable';

/**
 * Where an unsafe call (POST, PUT, PATCH, DELETE) that carries cookies may come from. `shop` (the
 * default): only the shop's own pages. `signed`: anywhere, because the caller proves itself by a
 * signature on the body instead (a payment processor's webhook), never by a cookie.
 */
export type CallerOrigin = 'shop' | 'signed';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: the app refuses to start without it. */
    access?: RouteAccess;
    /** On an `admin` route: the staff right it needs (common/staff-roles.ts). */
    right?: StaffRight;
    cache?: CachePolicy;
    origin?: CallerOrigin;
  }
  interface FastifyInstance {
    /** Every /api route, and every other route that declares access, with its access and cache policy (for the checks that walk them all). */
    declaredRoutes(): DeclaredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in caller of a `signedIn`, `buyer`, `anyone` or `admin` route, found before the body is read. */
    viewer: SignedInUser | null;
    /** A guest's order key, on a `buyer` route called without a session. */
    orderKey: string | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The staff right an admin route needs. */
  right: StaffRight | undefined;
  cache: CachePolicy;
  origin: CallerOrigin;
}

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Who calls a `buyer` route: a signed-in person, a guest with an order's key, or a signed-in person
 * who also holds a key (a guest's link opened while signed in to another account). The domain decides
 * whether either opens the order named.
 */
export type OrderCaller = SignedInUser | { orderKey: string } | (SignedInUser & { orderKey: string });

export function orderCaller(request: FastifyRequest): OrderCaller {
  const { viewer, orderKey } = request;
  if (viewer && orderKey) return { ...viewer, orderKey };
  if (viewer) return viewer;
  if (orderKey) return { orderKey };
  throw new AppError(401, 'UNAUTHENTICATED', 'Please log in first.');
}

/** The caller of a `signedIn` or `admin` route, as the access hook found them. */
export function signedInViewer(request: FastifyRequest): SignedInUser {
  // The access hook has already answered 401 for anyone else; reaching here without a viewer means
  // the route was declared public by mistake, and refusing is the safe answer.
  if (!request.viewer) throw new AppError(401, 'UNAUTHENTICATED', 'Please log in first.');
  return request.viewer;
}

/**
 * One hook decides who may call every route, from the route's own `config.access`, before the body
 * is read or validated: anonymous callers of a guarded route get 401 and customers of an admin
 * route 403, whatever their body holds, and nobody without the right makes the server read it.
 * A staff member reaches an admin route only if their role holds the route's right. Routes are
 * collected as they are added; at start, any /api route without a declaration, or admin route without
 * its right, stops the app, so that a new route cannot be left open by forgetting.
 */
export const routeAccess = fp<{ sessions: Sessions; shopOrigins: readonly string[]; bearerToken?: string }>(
  (app, { sessions, shopOrigins, bearerToken }, loaded) => {
    const holdsToken = bearerTokenCheck(bearerToken);
    const routes: Array<{ method: string | string[]; url: string; config: { access?: RouteAccess; right?: StaffRight; cache?: CachePolicy; origin?: CallerOrigin } }> = [];

    app.decorateRequest('viewer', null);
    app.decorateRequest('orderKey', null);
    app.addHook('onRoute', (route) => {
      // Kept by reference: plugins that add their routes' declarations later (the API docs) are seen at start.
      route.config ??= {};
      routes.push(route as (typeof routes)[number]);
    });

    // Every /api route, and any other that declares its access (the pages written on the server).
    const declaredRoutes = (): DeclaredRoute[] =>
      routes
        .filter((route) => isApiRoute(route.url) || route.config.access !== undefined)
        .flatMap((route) =>
          [route.method]
            .flat()
            .filter((method) => method !== 'HEAD')
            .map((method) => ({
              method,
              url: route.url,
              access: route.config.access,
              right: route.config.right,
              cache: route.config.cache ?? 'private',
              origin: route.config.origin ?? 'shop',
            })),
        );

    app.decorate('declaredRoutes', declaredRoutes);

    app.addHook('onReady', (done) => {
      const named = (list: DeclaredRoute[]) => list.map((route) => `${route.method} ${route.url}`).join(', ');
      const undeclared = declaredRoutes().filter((route) => !route.access);
      const cachedPrivate = declaredRoutes().filter((route) => route.access !== undefined && route.access !== 'public' && route.cache !== 'private');
      const withoutRight = declaredRoutes().filter((route) => route.access === 'admin' && !route.right);
      const strayRight = declaredRoutes().filter((route) => route.access !== 'admin' && route.right);
      if (undeclared.length > 0) done(new Error(`Every /api route must declare who may call it (config.access); these do not: ${named(undeclared)}`));
      else if (withoutRight.length > 0) done(new Error(`Every admin route must declare the staff right it needs (config.right); these do not: ${named(withoutRight)}`));
      else if (strayRight.length > 0) done(new Error(`Only admin routes declare a staff right (the domain checks the rest); these are not admin routes: ${named(strayRight)}`));
      else if (cachedPrivate.length > 0) done(new Error(`Only public routes may be cached; these are not public: ${named(cachedPrivate)}`));
      else done();
    });

    app.addHook('onRequest', async (request) => {
      refuseForeignCaller(request, shopOrigins);
      const { access } = request.routeOptions.config;
      if (access === undefined || access === 'public') return;
      if (access === 'token') {
        if (!holdsToken(request.headers.authorization)) throw new AppError(401, 'UNAUTHENTICATED', 'This address needs the bearer token.');
        return;
      }
      const viewer = await sessions.viewerOf(request);
      if (access === 'anyone') {
        request.viewer = viewer;
        return;
      }
      if (access === 'buyer') {
        const key = request.headers[orderKeyHeader];
        if (typeof key === 'string' && isOrderKeyShaped(key)) request.orderKey = key;
        if (!viewer && request.orderKey) return;
      }
      if (!viewer) throw new AppError(401, 'UNAUTHENTICATED', 'Please log in first.');
      if (access === 'admin') {
        // Declared on every admin route (checked at start); a route without one would be refused to all.
        const { right } = request.routeOptions.config;
        if (!right) throw new AppError(403, 'FORBIDDEN', 'Only an admin may do this.');
        refuseWithoutRight(viewer, right);
      }
      request.viewer = viewer;
    });
    loaded();
  },
  // Its refusals are answered in the shop's form by the error handler.
  { name: 'route-access', dependencies: ['error-handler'], fastify: '5.x' },
);

/**
 * Whether an Authorization header carries the bearer token, compared in constant time (the hashes
 * have one length whatever was sent). No token configured: nobody holds it.
 */
function bearerTokenCheck(token: string | undefined): (authorization: string | undefined) => boolean {
  if (token === undefined) return () => false;
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return (authorization) => authorization !== undefined && timingSafeEqual(createHash('sha256').update(authorization).digest(), expected);
}

/**
 * The one origin rule (ADR 015): an unsafe /api call that carries cookies must come from one of the
 * shop's own pages, told by its `Origin` header or, without one, its `Referer`. Browsers send one of
 * them with every cross-site POST, PUT, PATCH and DELETE, so a page elsewhere can never act with a
 * customer's cookie, whatever SameSite does. A call with neither header comes from no browser page
 * (a script holding its own cookie) and cannot be forged by one, so it is let through. Signed
 * webhooks carry no cookie and prove themselves by their signature.
 */
function refuseForeignCaller(request: FastifyRequest, shopOrigins: readonly string[]): void {
  if (!unsafeMethods.has(request.method) || !isApiRoute(request.url)) return;
  if (request.routeOptions.config.origin === 'signed' || !request.headers.cookie) return;
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (origin === undefined || shopOrigins.includes(origin)) return;
  throw new AppError(403, 'FORBIDDEN', 'This request came from a page outside the shop, so it was refused. Please use the shop’s own pages.');
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    // A Referer that is not a URL names no page of the shop.
    return 'null';
  }
}
