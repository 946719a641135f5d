import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.ts';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ensureAdminAccount } from './modules/auth/admin-account.ts';
import { createAuth } from './modules/auth/auth.ts';
import { accountSessionRoutes } from './modules/auth/account-session-routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { createSmsSender } from './modules/auth/sms/create-sms-sender.ts';
import type { SmsSender } from './modules/auth/sms/sms-sender.ts';
import { createSessions } from './modules/auth/viewer.ts';
import { createCatalogueVersion } from './modules/catalogue-cache/catalogue-version.ts';
import { createUserRepository } from './modules/users/user-repository.ts';
import { userRoutes } from './modules/users/user-routes.ts';
import { createUserService } from './modules/users/user-service.ts';
import { createAddressRepository } from './modules/addresses/address-repository.ts';
import { addressRoutes } from './modules/addresses/address-routes.ts';
import { createAddressService } from './modules/addresses/address-service.ts';
import { createCartRepository } from './modules/cart/cart-repository.ts';
import { cartRoutes } from './modules/cart/cart-routes.ts';
import { createCartService } from './modules/cart/cart-service.ts';
import { emptyCartOnPaid } from './modules/cart/empty-cart-on-paid.ts';
import { cartCheckoutRoutes } from './modules/orders/cart-checkout-routes.ts';
import { createOrderRepository } from './modules/orders/order-repository.ts';
import { orderRoutes } from './modules/orders/order-routes.ts';
import { createOrderService } from './modules/orders/order-service.ts';
import { combineOrderEvents } from './modules/orders/order-events.ts';
import { expireUnpaidOrdersTaskDefinition } from './modules/orders/order-expiry.ts';
import { createPaymentGatewayFor } from './modules/payments/create-payment-gateway.ts';
import { createOrderPaymentRepository } from './modules/payments/order-payment-repository.ts';
import type { PaymentGateway } from './modules/payments/payment-gateway.ts';
import { createPaymentRelease, releaseOrderPaymentsTaskDefinition, releasePaymentsOnCancel } from './modules/payments/payment-release.ts';
import { paymentsPlugin } from './modules/payments/payments-plugin.ts';
import { completeRefundTaskDefinition, createRefundService } from './modules/payments/refund-service.ts';
import { createInboxRepository } from './modules/inbox/inbox-repository.ts';
import { inboxRoutes } from './modules/inbox/inbox-routes.ts';
import { createInboxService } from './modules/inbox/inbox-service.ts';
import { inboxAdminRoutes } from './modules/inbox/inbox-admin-routes.ts';
import { createNewsletterRepository } from './modules/inbox/newsletter-repository.ts';
import { newsletterRoutes } from './modules/inbox/newsletter-routes.ts';
import { createNewsletterService } from './modules/inbox/newsletter-service.ts';
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
import { loadAppShell } from './modules/product-pages/app-shell.ts';
import { loadPageRenderer } from './modules/product-pages/page-renderer.ts';
import { productPageRoutes } from './modules/product-pages/product-page-routes.ts';
import { createProductService } from './modules/products/product-service.ts';
import { createJobQueue, type JobQueueSettings } from './modules/jobs/create-job-queue.ts';
import { registerJobQueue } from './modules/jobs/job-lifecycle.ts';
import { createEmailSender } from './modules/mail/create-email-sender.ts';
import { createMailer, sendEmailTaskDefinition } from './modules/mail/mailer.ts';
import { createOrderNotices } from './modules/notifications/order-notices.ts';
import { jobRoutes } from './modules/jobs/job-routes.ts';
import { createReviewRepository } from './modules/reviews/review-repository.ts';
import { reviewRoutes } from './modules/reviews/review-routes.ts';
import { createReviewService } from './modules/reviews/review-service.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerBodyDepthLimit } from './plugins/body-depth-limit.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerTextRule } from './plugins/text-rule.ts';
import { createPublicAnswerCache } from './plugins/public-answer-cache.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerRequestLog, requestIdHeader } from './plugins/request-log.ts';
import { registerResponsePolicy } from './plugins/response-policy.ts';
import { registerRouteAccess } from './plugins/route-access.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the configured text-message sender (tests read the codes from it). */
  sms?: SmsSender;
  /** Replaces the configured card processor, with whatever routes it brings. */
  gateway?: PaymentGateway;
  /** Where the shop reads the time, everywhere (the real time unless a test sets it). */
  clock?: Clock;
  /** How background jobs run (tests add tasks of their own, or run jobs by hand). */
  jobs?: JobQueueSettings;
}

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the whole shop (API under /api, OpenAPI at /api/docs, the web app everywhere else)
 * without listening, so that tests can drive it through `app.inject`.
 */
export async function buildApp({ config, database, logger = true, logStream, sms, gateway, clock = systemClock, jobs: jobSettings }: AppDependencies): Promise<FastifyInstance> {
  const { db } = database;
  const publicAnswers = createPublicAnswerCache(createCatalogueVersion(db), { checkEveryMs: config.catalogueCheckMs, maxAnswers: 500 });
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      // Fastify's request serializer logs no headers; this keeps credentials out should that change.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(logStream && { stream: logStream }),
    },
    // A hop count trusts that many proxies nearest the server; a list trusts those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    // Every request gets an id of our own; a client-sent one could be forged or huge.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // registerRequestLog logs the requests worth reading instead of two lines for every one.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback, not an async function: it runs for every answer, the catalogue's kept ones included (ADR 035).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(requestIdHeader, request.id);
    done(null, payload);
  });

  registerRequestLog(app, config.requestLog);
  registerErrorHandler(app);
  registerBodyDepthLimit(app);
  registerTextRule(app);
  const rateLimits = createRateLimitRepository(db, clock);
  const emailSender = createEmailSender(config, app.log, clock);
  app.addHook('onClose', () => emailSender.close());
  const paymentGateway = gateway ?? createPaymentGatewayFor(config.payments, db, clock);
  const orderPayments = createOrderPaymentRepository(db);
  // The shop's background tasks (ADR 009); a feature that needs one adds it here. The expiry sweep
  // reaches the order service, made below with the mailer this queue feeds: no job runs before the
  // app is ready, by which time it exists.
  const jobs = createJobQueue({
    database,
    tasks: [
      sendEmailTaskDefinition(emailSender, config.publicUrl),
      releaseOrderPaymentsTaskDefinition(createPaymentRelease(paymentGateway, orderPayments)),
      completeRefundTaskDefinition(() => refunds),
      expireUnpaidOrdersTaskDefinition({ expireUnpaid: (hours) => orders.expireUnpaid(hours) }, config.unpaidOrderHours),
    ],
    clock,
    log: app.log,
    settings: jobSettings,
  });
  const mailer = createMailer(jobs);
  const auth = createAuth({
    config,
    database,
    secret: resolveAuthSecret(config.auth.secret, config.dataDir),
    sms: sms ?? createSmsSender(config, app.log, clock),
    rateLimits,
    mailer,
    log: app.log,
  });
  // Who a session cookie is, read by better-auth for each request (ADR 036).
  const sessions = createSessions(auth);
  // Before any route is added: every route's declared access and cache policy, enforced by one hook each.
  registerResponsePolicy(app);
  // Before the catalogue's kept answers, which answer in the first hooks: they carry them too.
  registerSecurityHeaders(app, config);
  publicAnswers.register(app);
  registerRouteAccess(app, sessions, config.siteOrigins);
  // After the route checks: a shop that refuses to start never starts running jobs.
  registerJobQueue(app, jobs);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await registerApiDocs(app);
  await registerRateLimits(app, rateLimits, sessions, clock);
  const userRepository = createUserRepository(db, clock);
  const users = createUserService(userRepository);
  const { admin } = config.auth;
  // On ready: the admin is created once the app (and better-auth with it) has started.
  if (admin) app.addHook('onReady', () => ensureAdminAccount(auth, userRepository, admin, app.log));
  const productRepository = createProductRepository(db);
  const products = createProductService(productRepository, clock);
  const orderNotices = createOrderNotices({ mailer, publicUrl: config.publicUrl, shopNotifyEmail: config.mail.shopNotifyEmail });
  const cart = createCartService(createCartRepository(db), clock);
  const orders = createOrderService(
    createOrderRepository(db),
    productRepository,
    clock,
    combineOrderEvents(orderNotices, releasePaymentsOnCancel(jobs), emptyCartOnPaid(cart)),
  );
  const refunds = createRefundService({ gateway: paymentGateway, orders, jobs, clock, log: app.log });
  const reviews = createReviewService(createReviewRepository(db), clock, {
    catalogue: products,
    purchases: { hasBought: (buyer, productId) => orders.hasBought(buyer, productId) },
  });
  const ratingOf = (productId: string) => reviews.ratingOf(productId);
  const inbox = createInboxService(createInboxRepository(db), clock, { mailer, to: config.mail.shopNotifyEmail, publicUrl: config.publicUrl });
  const newsletter = createNewsletterService(createNewsletterRepository(db), clock, { mailer, publicUrl: config.publicUrl });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth, sessions, users, settings: config.auth, publicUrl: config.publicUrl });
      await api.register(accountSessionRoutes, { db, sessions, clock });
      await api.register(userRoutes, { users });
      await api.register(healthRoutes, { health: createHealthRepository(db) });
      await api.register(productRoutes, { products, ratingOf });
      await api.register(productImageRoutes, { images: createProductImageService(createProductImageRepository(db), clock) });
      await api.register(orderRoutes, { orders, limits: config.orderLimits });
      await api.register(cartRoutes, { cart });
      await api.register(addressRoutes, { addresses: createAddressService(createAddressRepository(db), clock) });
      await api.register(cartCheckoutRoutes, { orders, cartLines: (viewer) => cart.checkoutLines(viewer), limits: config.orderLimits });
      await api.register(paymentsPlugin, { db, orders, refunds, clock, gateway: paymentGateway, orderPayments, limits: config.orderLimits });
      await api.register(reviewRoutes, { reviews, formsPerHour: config.formRateLimitPerHour });
      await api.register(inboxRoutes, { inbox, formsPerHour: config.formRateLimitPerHour });
      await api.register(newsletterRoutes, { newsletter, formsPerHour: config.formRateLimitPerHour });
      await api.register(inboxAdminRoutes, { inbox });
      await api.register(overviewRoutes, { overview: createOverviewService(createOverviewRepository(db), clock) });
      await api.register(jobRoutes, { jobs });
    },
    { prefix: '/api' },
  );

  // Each product's page with its head written on the server, the sitemap and robots.txt.
  const shell = loadAppShell(config.webRoot);
  const renderPage = shell && (await loadPageRenderer(app, config.webRoot));
  await app.register(productPageRoutes, { products, ratingOf, publicUrl: config.publicUrl, shell, renderPage });
  await registerWebApp(app, config.webRoot, shell, renderPage);
  return app;
}
