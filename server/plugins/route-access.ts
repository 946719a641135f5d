import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../common/schemas/errors.ts';
import { AppError } from '../errors.ts';
import type { SignedInUser, Sessions } from '../modules/auth/viewer.ts';

/**
 * Who may call a route. `public`: anyone; `signedIn`: any signed-in person (whose objects are theirs
 * is the domain's rule: someone else's order is a 404); `admin`: admins only.
 */
export type RouteAccess = 'public' | 'signedIn' | 'admin';

/**
 * How browsers and proxies may keep an answer. `private` (the default): never (`private, no-store`).
 * `revalidate`: a public answer kept but checked on every use (`no-cache` with an `ETag`, so an
 * unchanged one costs a 304). `immutable`: the route's own long-lived header, for content under a
 * name that never serves other bytes.
 */
export type CachePolicy = 'private' | 'revalidate' | 'immutable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: the app refuses to start without it. */
    access?: RouteAccess;
    cache?: CachePolicy;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access and cache policy (for the checks that walk them all). */
    declaredRoutes(): DeclaredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in caller of a `signedIn` or `admin` route, found before the body is read. */
    viewer: SignedInUser | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  cache: CachePolicy;
}

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** The caller of a `signedIn` or `admin` route, as the access hook found them. */
export function signedInViewer(request: FastifyRequest): SignedInUser {
  // The access hook has already answered 401 for anyone else; reaching here without a viewer means
  // the route was declared public by mistake, and refusing is the safe answer.
  if (!request.viewer) throw new AppError(401, errorCodes.unauthenticated, 'Please log in first.');
  return request.viewer;
}

/**
 * One hook decides who may call every route, from the route's own `config.access`, before the body
 * is read or validated: anonymous callers of a guarded route get 401 and customers of an admin
 * route 403, whatever their body holds, and nobody without the right makes the server read it.
 * Routes are collected as they are added; at start, any /api route without a declaration stops the
 * app, so that a new route cannot be left open by forgetting.
 */
export function registerRouteAccess(app: FastifyInstance, sessions: Sessions): void {
  const routes: Array<{ method: string | string[]; url: string; config: { access?: RouteAccess; cache?: CachePolicy } }> = [];

  app.decorateRequest('viewer', null);
  app.addHook('onRoute', (route) => {
    // Kept by reference: plugins that add their routes' declarations later (the API docs) are seen at start.
    route.config ??= {};
    routes.push(route as (typeof routes)[number]);
  });

  const declaredRoutes = (): DeclaredRoute[] =>
    routes
      .filter((route) => isApiRoute(route.url))
      .flatMap((route) =>
        [route.method]
          .flat()
          .filter((method) => method !== 'HEAD')
          .map((method) => ({ method, url: route.url, access: route.config.access, cache: route.config.cache ?? 'private' })),
      );

  app.decorate('declaredRoutes', declaredRoutes);

  app.addHook('onReady', (done) => {
    const named = (list: DeclaredRoute[]) => list.map((route) => `${route.method} ${route.url}`).join(', ');
    const undeclared = declaredRoutes().filter((route) => !route.access);
    const cachedPrivate = declaredRoutes().filter((route) => route.access !== undefined && route.access !== 'public' && route.cache !== 'private');
    if (undeclared.length > 0) done(new Error(`Every /api route must declare who may call it (config.access); these do not: ${named(undeclared)}`));
    else if (cachedPrivate.length > 0) done(new Error(`Only public routes may be cached; these are not public: ${named(cachedPrivate)}`));
    else done();
  });

  app.addHook('onRequest', async (request) => {
    const { access } = request.routeOptions.config;
    if (access === undefined || access === 'public') return;
    const viewer = await sessions.viewerOf(request);
    if (!viewer) throw new AppError(401, errorCodes.unauthenticated, 'Please log in first.');
    if (access === 'admin' && viewer.role !== 'admin') throw new AppError(403, errorCodes.forbidden, 'Only an admin may do this.');
    request.viewer = viewer;
  });
}
