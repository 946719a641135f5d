import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ensureAdminAccount } from './modules/auth/admin-account.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { createSmsSender } from './modules/auth/sms/create-sms-sender.ts';
import type { SmsSender } from './modules/auth/sms/sms-sender.ts';
import { createSessions } from './modules/auth/viewer.ts';
import { createUserRepository } from './modules/users/user-repository.ts';
import { userRoutes } from './modules/users/user-routes.ts';
import { createUserService } from './modules/users/user-service.ts';
import { createOrderRepository } from './modules/orders/order-repository.ts';
import { orderRoutes } from './modules/orders/order-routes.ts';
import { createOrderService } from './modules/orders/order-service.ts';
import { createPaymentGatewayFor } from './modules/payments/create-payment-gateway.ts';
import type { PaymentGateway } from './modules/payments/payment-gateway.ts';
import { paymentRoutes } from './modules/payments/payment-routes.ts';
import { createPaymentService } from './modules/payments/payment-service.ts';
import { createWebhookEventRepository } from './modules/payments/webhook-event-repository.ts';
import { createInboxRepository } from './modules/inbox/inbox-repository.ts';
import { inboxRoutes } from './modules/inbox/inbox-routes.ts';
import { createInboxService } from './modules/inbox/inbox-service.ts';
import { inboxAdminRoutes } from './modules/inbox/inbox-admin-routes.ts';
import { createOverviewRepository } from './modules/overview/overview-repository.ts';
import { overviewRoutes } from './modules/overview/overview-routes.ts';
import { createOverviewService } from './modules/overview/overview-service.ts';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit-repository.ts';
import { createHealthRepository } from './modules/health/health-repository.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { createProductImageRepository } from './modules/product-images/product-image-repository.ts';
import { productImageRoutes } from './modules/product-images/product-image-routes.ts';
import { createProductImageService } from './modules/product-images/product-image-service.ts';
import { createProductRepository } from './modules/products/product-repository.ts';
import { productRoutes } from './modules/products/product-routes.ts';
import { createProductService } from './modules/products/product-service.ts';
import { createReviewRepository } from './modules/reviews/review-repository.ts';
import { reviewRoutes } from './modules/reviews/review-routes.ts';
import { createReviewService } from './modules/reviews/review-service.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Replaces the configured text-message sender (tests read the codes from it). */
  sms?: SmsSender;
  /** Replaces the configured card processor. */
  gateway?: PaymentGateway;
  /** What time it is (tests fix it, e.g. to know which 30 days the overview covers). */
  clock?: () => Date;
}

const requestIdHeader = 'x-request-id';

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the whole shop (API under /api, OpenAPI at /api/docs, the web app everywhere else)
 * without listening, so that tests can drive it through `app.inject`.
 */
export async function buildApp({ config, database, logger = true, sms, gateway, clock }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      // Fastify's request serializer logs no headers; this keeps credentials out should that change.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    // A hop count trusts that many proxies nearest the server; a list trusts those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    // Every request gets an id of our own; a client-sent one could be forged or huge.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await registerApiDocs(app);

  const { db } = database;
  const rateLimits = createRateLimitRepository(db);
  await registerRateLimits(app, rateLimits);
  const auth = createAuth({
    config,
    database,
    secret: resolveAuthSecret(config.auth.secret, config.dataDir),
    sms: sms ?? createSmsSender(config, app.log),
    rateLimits,
    log: app.log,
  });
  const sessions = createSessions(auth);
  const userRepository = createUserRepository(db);
  const users = createUserService(userRepository);
  const { admin } = config.auth;
  // On ready: the admin is created once the app (and better-auth with it) has started.
  if (admin) app.addHook('onReady', () => ensureAdminAccount(auth, userRepository, admin, app.log));
  const productRepository = createProductRepository(db);
  const products = createProductService(productRepository);
  const orderRepository = createOrderRepository(db);
  const orders = createOrderService(orderRepository, productRepository);
  const processor = gateway ? { gateway, local: undefined, stripeWebhook: undefined } : createPaymentGatewayFor(config.payments, db);
  const payments = createPaymentService({
    gateway: processor.gateway,
    orders: orderRepository,
    orderService: orders,
    products: productRepository,
    events: createWebhookEventRepository(db),
    log: app.log,
  });
  const reviews = createReviewService(createReviewRepository(db));
  const inbox = createInboxService(createInboxRepository(db), clock);
  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth, sessions, users, settings: config.auth, publicUrl: config.publicUrl });
      await api.register(userRoutes, { users, sessions });
      await api.register(healthRoutes, { health: createHealthRepository(db) });
      await api.register(productRoutes, { products, sessions });
      await api.register(productImageRoutes, { images: createProductImageService(createProductImageRepository(db)), sessions });
      await api.register(orderRoutes, { orders, payments, sessions });
      await api.register(paymentRoutes, { payments, sessions, local: processor.local, stripeWebhook: processor.stripeWebhook });
      await api.register(reviewRoutes, { reviews, sessions, formsPerHour: config.formRateLimitPerHour });
      await api.register(inboxRoutes, { inbox, formsPerHour: config.formRateLimitPerHour });
      await api.register(inboxAdminRoutes, { inbox, sessions });
      await api.register(overviewRoutes, { overview: createOverviewService(createOverviewRepository(db), clock), sessions });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webRoot);
  return app;
}
