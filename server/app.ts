import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import { metricsRoutes } from './modules/metrics/metrics-routes.ts';
import { adminAccount } from './plugins/admin-account.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { apiRoutes } from './plugins/api-routes.ts';
import { bodyDepthLimit } from './plugins/body-depth-limit.ts';
import { compression } from './plugins/compression.ts';
import { draining } from './plugins/draining.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { featureRoutes } from './plugins/feature-routes.ts';
import { jobQueue } from './plugins/job-queue.ts';
import { publicAnswerCache } from './plugins/public-answer-cache.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { requestId } from './plugins/request-id.ts';
import { requestLog } from './plugins/request-log.ts';
import { requestTelemetry } from './plugins/request-telemetry.ts';
import { responsePolicy } from './plugins/response-policy.ts';
import { routeAccess } from './plugins/route-access.ts';
import { securityHeadersPlugin } from './plugins/security.ts';
import { textRule } from './plugins/text-rule.ts';
import { webApp } from './plugins/web-app.ts';
import { zodSchemas } from './plugins/zod-schemas.ts';
import { createShop, type Shop, type ShopGiven } from './shop.ts';

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The shop on the web (API under /api, OpenAPI at /api/docs, the web app everywhere else), without
 * listening, so that tests can drive it through `app.inject`. HTTP only: the shop itself is made by
 * `createShop`. Each concern is a named plugin that names the plugins it needs before it; Fastify
 * refuses to start when one is missing or registered after. Registered in the order their hooks run.
 */
export async function buildApp(shop: Shop): Promise<FastifyInstance> {
  const { config } = shop;
  const app = Fastify({
    loggerInstance: shop.log,
    // A hop count trusts that many proxies nearest the server; a list trusts those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    // Every request gets an id of our own; a client-sent one could be forged or huge.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // The request-log plugin logs the requests worth reading instead of two lines for every one.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(zodSchemas);
  await app.register(requestId);
  await app.register(draining, { serving: shop.serving });
  await app.register(requestLog, config.requestLog);
  await app.register(requestTelemetry, { metrics: shop.metrics });
  await app.register(errorHandler);
  await app.register(bodyDepthLimit);
  await app.register(textRule);
  await app.register(responsePolicy);
  await app.register(securityHeadersPlugin, { config });
  await app.register(publicAnswerCache, { version: shop.catalogueVersion, checkEveryMs: config.catalogueCheckMs, maxAnswers: 500 });
  await app.register(routeAccess, { sessions: shop.sessions, shopOrigins: config.siteOrigins, bearerToken: config.metricsToken });
  await app.register(jobQueue, { jobs: shop.jobs, emailSender: shop.emailSender });
  await app.register(compression);
  await app.register(apiDocs);
  await app.register(rateLimits, { counters: shop.rateLimits, sessions: shop.sessions, clock: shop.clock });
  await app.register(adminAccount, { auth: shop.auth, users: shop.userRepository, admin: config.auth.admin });
  await app.register(apiRoutes, { shop, prefix: '/api' });
  // Prometheus's address exists only when its token is set (ADR 052).
  if (config.metricsToken) await app.register(featureRoutes('metrics-routes', metricsRoutes), { metrics: shop.metrics });
  await app.register(webApp, {
    webRoot: config.webRoot,
    products: shop.products,
    ratingOf: (productId) => shop.reviews.ratingOf(productId),
    categories: shop.categories,
    publicUrl: config.publicUrl,
    pages: shop.pages,
  });
  return app;
}

export type AppDependencies = { config: AppConfig } & ShopGiven;

/** The shop and its app at once, for the tests that need no part of the shop by itself. */
export async function createApp({ config, ...given }: AppDependencies): Promise<FastifyInstance> {
  return buildApp(createShop(config, given));
}
