import { type Clock, systemClock } from './clock.ts';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createAddressRepository } from './modules/addresses/address-repository.ts';
import { createAddressService } from './modules/addresses/address-service.ts';
import { createAccountSessionRepository } from './modules/auth/account-session-repository.ts';
import { createAuth } from './modules/auth/auth.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { createSmsSender } from './modules/auth/sms/create-sms-sender.ts';
import type { SmsSender } from './modules/auth/sms/sms-sender.ts';
import { usesSecureCookies } from './modules/auth/session-cookie.ts';
import { createSessions } from './modules/auth/viewer.ts';
import { createCartRepository } from './modules/cart/cart-repository.ts';
import { createCartService } from './modules/cart/cart-service.ts';
import { emptyCartOnPaid } from './modules/cart/empty-cart-on-paid.ts';
import { createCartReminderRepository } from './modules/cart-reminders/cart-reminder-repository.ts';
import { createCartReminderService } from './modules/cart-reminders/cart-reminder-service.ts';
import { sendCartRemindersTaskDefinition } from './modules/cart-reminders/cart-reminder-task.ts';
import { createCartReminderTokens } from './modules/cart-reminders/cart-reminder-tokens.ts';
import { remindersWaitOnChange } from './modules/cart-reminders/cart-changes.ts';
import { createCatalogueVersion } from './modules/catalogue-cache/catalogue-version.ts';
import { createBulkEditRepository } from './modules/bulk-edit/bulk-edit-repository.ts';
import { createBulkEditService } from './modules/bulk-edit/bulk-edit-service.ts';
import { createCatalogueFileRepository } from './modules/catalogue-file/catalogue-file-repository.ts';
import { createCatalogueFileService, importCatalogueTaskDefinition } from './modules/catalogue-file/catalogue-file-service.ts';
import { createCategoryRepository } from './modules/categories/category-repository.ts';
import { createCategoryService } from './modules/categories/category-service.ts';
import { createHealthRepository } from './modules/health/health-repository.ts';
import { createServingState } from './modules/health/serving-state.ts';
import { createInboxRepository } from './modules/inbox/inbox-repository.ts';
import { createInboxService } from './modules/inbox/inbox-service.ts';
import { createNewsletterRepository } from './modules/inbox/newsletter-repository.ts';
import { createNewsletterService } from './modules/inbox/newsletter-service.ts';
import { createCampaignRepository } from './modules/inbox/newsletter-campaign-repository.ts';
import { createCampaignService } from './modules/inbox/newsletter-campaign-service.ts';
import { campaignTaskDefinitions } from './modules/inbox/newsletter-campaign-tasks.ts';
import { createDeliverNow } from './modules/mail/deliver-now.ts';
import { compileEmailLayout, renderEmail } from './modules/mail/templates/render-email.ts';
import { createJobQueue, type JobQueueSettings } from './modules/jobs/create-job-queue.ts';
import { createEmailSender } from './modules/mail/create-email-sender.ts';
import { createMailer, sendEmailTaskDefinition } from './modules/mail/mailer.ts';
import { countedEmailSender } from './modules/mail/counted-email-sender.ts';
import { createShopMetrics } from './modules/metrics/shop-metrics.ts';
import { createOrderNotices } from './modules/notifications/order-notices.ts';
import { createReturnNotices } from './modules/notifications/return-notices.ts';
import { createReviewNotices } from './modules/notifications/review-notices.ts';
import { combineOrderEvents } from './modules/orders/order-events.ts';
import { expireUnpaidOrdersTaskDefinition } from './modules/orders/order-expiry.ts';
import { createOrderRepository } from './modules/orders/order-repository.ts';
import { createOrderReturns } from './modules/orders/order-returns.ts';
import { createOrderService } from './modules/orders/order-service.ts';
import { createOverviewRepository } from './modules/overview/overview-repository.ts';
import { createOverviewService } from './modules/overview/overview-service.ts';
import { createReportRepository } from './modules/reports/report-repository.ts';
import { createReportService } from './modules/reports/report-service.ts';
import { keepSalesFigures } from './modules/reports/sales-figure-events.ts';
import { createPaymentGatewayFor } from './modules/payments/create-payment-gateway.ts';
import { createOrderPaymentRepository } from './modules/payments/order-payment-repository.ts';
import type { PaymentGateway } from './modules/payments/payment-gateway.ts';
import { createPaymentRelease, releaseOrderPaymentsTaskDefinition, releasePaymentsOnCancel } from './modules/payments/payment-release.ts';
import { completeRefundTaskDefinition, createRefundService } from './modules/payments/refund-service.ts';
import { createCaptureCompletion, finishCapturesSweepDefinition, finishCaptureTaskDefinition } from './modules/payments/capture-completion.ts';
import { createDiscountCodeRepository } from './modules/discounts/discount-code-repository.ts';
import { releaseCodeOnCancel } from './modules/discounts/discount-events.ts';
import { createDiscountService } from './modules/discounts/discount-service.ts';
import { createInvoiceRepository } from './modules/invoices/invoice-repository.ts';
import { createInvoiceService, drawDocumentTaskDefinition } from './modules/invoices/invoice-service.ts';
import { createOrderKeys } from './modules/orders/order-keys.ts';
import { createPricingService } from './modules/pricing/pricing-service.ts';
import { createPricingSettingsRepository } from './modules/pricing/pricing-settings-repository.ts';
import { createPricingSettingsService } from './modules/pricing/pricing-settings-service.ts';
import { createPricingTablesCache } from './modules/pricing/pricing-tables-cache.ts';
import { createProductImageRepository } from './modules/product-images/product-image-repository.ts';
import { createPictureBucket } from './modules/product-images/picture-bucket.ts';
import { createProductImageService } from './modules/product-images/product-image-service.ts';
import { createProductRepository } from './modules/products/product-repository.ts';
import { createProductService } from './modules/products/product-service.ts';
import { createAuditRepository } from './modules/audit/audit-repository.ts';
import { createAuditTrail } from './modules/audit/audit-trail.ts';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit-repository.ts';
import { createReturnRepository } from './modules/returns/return-repository.ts';
import { createReturnService } from './modules/returns/return-service.ts';
import { createReviewRepository } from './modules/reviews/review-repository.ts';
import { createReviewService } from './modules/reviews/review-service.ts';
import { createShopPageRepository } from './modules/shop-pages/shop-page-repository.ts';
import { createShopPageService } from './modules/shop-pages/shop-page-service.ts';
import { createLowStockRepository } from './modules/low-stock/low-stock-repository.ts';
import { createLowStockNotices, noticeLowStockTaskDefinition } from './modules/low-stock/low-stock-notices.ts';
import { notifyBackInStockTaskDefinition } from './modules/stock-alerts/back-in-stock-task.ts';
import { createStockAlertRepository } from './modules/stock-alerts/stock-alert-repository.ts';
import { createStockAlertService } from './modules/stock-alerts/stock-alert-service.ts';
import { createStockAlertTokens } from './modules/stock-alerts/stock-alert-tokens.ts';
import { createWishlistRepository } from './modules/wishlist/wishlist-repository.ts';
import { createWishlistService } from './modules/wishlist/wishlist-service.ts';
import { createUserRepository } from './modules/users/user-repository.ts';
import { createUserService } from './modules/users/user-service.ts';
import { createCustomerDataRepository } from './modules/customer-data/customer-data-repository.ts';
import { createCustomerDataService } from './modules/customer-data/customer-data-service.ts';
import { createShopLog } from './shop-log.ts';

/** What the shop is given rather than making itself: its database, and what a test replaces. */
export interface ShopGiven {
  /** Opened (and migrated) by the caller, who also closes it. */
  database: DatabaseHandle;
  /** Where the shop reads the time, everywhere (the real time unless a test sets it). */
  clock?: Clock;
  /** false: the shop logs nothing (tests keep their output quiet). */
  logger?: boolean;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the configured text-message sender (tests read the codes from it). */
  sms?: SmsSender;
  /** Replaces the configured card processor, with whatever routes it brings. */
  gateway?: PaymentGateway;
  /** How background jobs run (tests add tasks of their own, or run jobs by hand). */
  jobs?: JobQueueSettings;
}

/**
 * Everything the shop is made of, as plain objects and without HTTP: read top to bottom, each part
 * is made by its factory from the parts above it. `buildApp` (app.ts) puts the shop on the web.
 */
export function createShop(config: AppConfig, { database, clock = systemClock, logger = true, logStream, sms, gateway, jobs: jobSettings }: ShopGiven) {
  const { db } = database;
  const log = createShopLog({ level: config.logLevel, quiet: !logger, stream: logStream });

  // What the shop counts for Prometheus (ADR 052): requests, payments, mail, jobs, the database's pool.
  const metrics = createShopMetrics();
  if (database.pgPool) metrics.watchPool(database.pgPool);

  // What the shop talks to outside itself.
  const emailSender = countedEmailSender(createEmailSender(config, log, clock), metrics.mail);
  const smsSender = sms ?? createSmsSender(config, log, clock);
  const paymentGateway = gateway ?? createPaymentGatewayFor(config.payments, db, clock);

  // Its tables, each behind the one repository that reads and writes it.
  const rateLimits = createRateLimitRepository(db, clock);
  const userRepository = createUserRepository(db, clock);
  const productRepository = createProductRepository(db);
  const orderPayments = createOrderPaymentRepository(db);
  const catalogueVersion = createCatalogueVersion(db);
  const health = createHealthRepository(db);
  // Whether this process still takes new work: server.ts drains it on SIGTERM (ADR 051).
  const serving = createServingState();
  const pricingSettings = createPricingSettingsRepository(db);
  const invoiceRepository = createInvoiceRepository(db);
  const secret = resolveAuthSecret(config.auth.secret, config.dataDir);
  const orderKeys = createOrderKeys(secret);

  // Background work (ADR 009); a feature that needs a task adds it here. Some tasks run services that
  // enqueue jobs themselves (an order's expiry releases its payment; a refund follows itself up) or are
  // made from the queue (invoices), so they reach them in the finished shop, below: no job runs
  // before the queue starts, on ready.
  // What finishes a capture a stopped process left, for the sweep and for the jobs of an earlier release.
  const captureCompletion = () => createCaptureCompletion({ gateway: paymentGateway, orders: shop.orders, log });
  const jobs = createJobQueue({
    database,
    tasks: [
      sendEmailTaskDefinition(emailSender, config.publicUrl, ({ orderId }) => shop.invoices.invoiceAttachment(orderId)),
      drawDocumentTaskDefinition(() => shop.invoices),
      releaseOrderPaymentsTaskDefinition(createPaymentRelease(paymentGateway, orderPayments)),
      completeRefundTaskDefinition(() => shop.refunds),
      finishCaptureTaskDefinition(captureCompletion),
      finishCapturesSweepDefinition(() => ({ captures: captureCompletion(), orders: shop.orders, clock, log })),
      importCatalogueTaskDefinition(() => shop.catalogueFile),
      expireUnpaidOrdersTaskDefinition({ expireUnpaid: (hours) => shop.orders.expireUnpaid(hours) }, config.unpaidOrderHours),
      notifyBackInStockTaskDefinition({ notifyBackInStock: () => shop.stockAlerts.notifyBackInStock() }),
      noticeLowStockTaskDefinition({ run: () => shop.lowStock.run() }),
      ...campaignTaskDefinitions(() => shop.newsletterCampaigns),
      sendCartRemindersTaskDefinition({ sendDue: () => shop.cartReminders.sendDue() }, config.cartReminderHours),
    ],
    clock,
    log,
    runs: metrics.jobs,
    settings: jobSettings,
  });
  metrics.watchQueue(() => jobs.depth());
  const mailer = createMailer(jobs);
  // MJML runs over the e-mail layout once, beside the start, and each message only fills it (ADR 049).
  compileEmailLayout().catch((error: unknown) => log.error({ err: error }, 'the e-mail layout did not compile; the next message tries again'));

  // Accounts: better-auth, and who a session cookie is, read by it for each request (ADR 036).
  // Signing in, or confirming an address, joins the guest orders placed with it (ADR 038).
  const auth = createAuth({
    config,
    database,
    secret,
    sms: smsSender,
    rateLimits,
    mailer,
    log,
    clock,
    onSignedIn: async (userId) => void (await shop.orders.claimGuestOrders(userId)),
  });
  const sessions = createSessions({ auth, accountSessions: createAccountSessionRepository(db), secret, secureCookies: usesSecureCookies(config.publicUrl), clock });
  const addresses = createAddressService(createAddressRepository(db), clock);

  // Who on the staff did what (ADR 043): each staff action records itself in its own transaction.
  const audit = createAuditTrail(createAuditRepository(db), clock);
  const users = createUserService(userRepository, audit.record);

  // The owner's categories, which products and discount codes name.
  const categories = createCategoryService(createCategoryRepository(db), audit.record);

  // What the shop charges (ADR 038): shipping, tax and discount codes, priced by one module. The
  // tables that price an order and the terms in force are kept in this process until they change
  // (migration 042), looked at as often as the catalogue, and at once after this process changes them.
  const pricingTables = createPricingTablesCache({
    db,
    tables: () => pricingSettings.tables(),
    termsInForce: () => pages.termsInForce(),
    checkEveryMs: config.catalogueCheckMs,
  });
  const pricingSettingsService = createPricingSettingsService(pricingSettings, audit.record, pricingTables.changed);
  const discounts = createDiscountService(createDiscountCodeRepository(db), clock, categories, audit.record);
  const pricing = createPricingService(pricingTables, discounts);

  // The pages the owner writes (ADR 044): the returns policy says the return window; an order records the terms in force.
  const pages = createShopPageService({
    pages: createShopPageRepository(db),
    returnWindowDays: () => pricingSettings.returnWindowDays(),
    audit: audit.record,
    clock,
    changed: pricingTables.changed,
  });

  // The catalogue, the cart and orders.
  const products = createProductService(productRepository, clock, (slug, transaction) => categories.requireExisting(slug, 'category', transaction), audit.record);
  const bulkEdit = createBulkEditService(createBulkEditRepository(db), categories, audit.recordMany);
  const catalogueFile = createCatalogueFileService({ files: createCatalogueFileRepository(db), db, jobs, clock, categories, audit: audit.recordMany });
  // Uploaded pictures: in the picture bucket when the S3_ settings name one, else in the database (ADR 053).
  const productImages = createProductImageService(createProductImageRepository(db), clock, config.pictureBucket && createPictureBucket(config.pictureBucket));
  // A cart's reminders (ADR 045) wait again whenever its customer changes it, and end when they buy.
  const cartReminderRepository = createCartReminderRepository(db);
  const cartReminderTokens = createCartReminderTokens(secret);
  const cart = createCartService(createCartRepository(db), clock, pricing, remindersWaitOnChange(cartReminderRepository, cartReminderTokens, clock));
  const cartReminders = createCartReminderService({
    reminders: cartReminderRepository,
    tokens: cartReminderTokens,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    hours: config.cartReminderHours,
    carts: cart,
  });
  const orderNotices = createOrderNotices({ mailer, linkOf: (order) => orderKeys.linkOf(order), publicUrl: config.publicUrl, shopNotifyEmail: config.mail.shopNotifyEmail });
  // Invoices are issued by the payment's and the refunds' own transactions, so the e-mail queued with them finds them when it is sent.
  const invoiceEvents = {
    paid: (...args: Parameters<typeof shop.invoices.events.paid>) => shop.invoices.events.paid(...args),
    refunded: (...args: Parameters<typeof shop.invoices.events.refunded>) => shop.invoices.events.refunded(...args),
  };
  const orderRepository = createOrderRepository(db);
  // Last, the listeners that write rows every payment shares (the day's sales figures, the invoice
  // counter). On PostgreSQL the database writes those rows itself at the commit (ADRs 065, 067); on
  // SQLite the one writer holds everything until then anyway. The e-mail that attaches the invoice
  // goes after the commit.
  const orderEvents = combineOrderEvents(
    orderNotices,
    releasePaymentsOnCancel(jobs),
    releaseCodeOnCancel(discounts),
    emptyCartOnPaid(cart),
    cartReminders.events,
    keepSalesFigures,
    invoiceEvents,
  );
  const orders = createOrderService(orderRepository, productRepository, clock, orderEvents, {
    pricing,
    discounts,
    keys: orderKeys,
    creditNotesOf: (orderId) => invoiceRepository.creditNoteNumbersOf(orderId),
    audit,
    returnsOf: (order) => shop.returns.ofOrder(order),
    terms: { termsInForce: pricingTables.termsInForce, termsVersion: (version) => pages.termsVersion(version) },
  });
  const invoices = createInvoiceService({ invoices: invoiceRepository, settings: pricingSettings, orders, clock });
  const refunds = createRefundService({ gateway: paymentGateway, orders, jobs, clock, log, supportRefundLimitCents: config.supportRefundLimitCents, audit: audit.record });
  // Returns and exchanges (ADR 040): refunded through the refund path, exchanged as orders.
  const returns = createReturnService({
    returns: createReturnRepository(db),
    orders: createOrderReturns(orderRepository, clock, orderEvents),
    refunds,
    sellable: (variantIds) => productRepository.sellable(variantIds),
    windowDays: () => pricingSettings.returnWindowDays(),
    notices: createReturnNotices({ mailer, linkOf: (order) => orderKeys.linkOf(order), publicUrl: config.publicUrl }),
    audit: audit.record,
    clock,
  });
  const reviews = createReviewService(createReviewRepository(db), clock, {
    catalogue: products,
    purchases: { hasBought: (buyer, productId) => orders.hasBought(buyer, productId) },
    notices: createReviewNotices({ mailer, publicUrl: config.publicUrl }),
    audit: audit.record,
  });

  // Messages to and from the shop, and the admin's overview.
  const inbox = createInboxService(createInboxRepository(db), clock, { mailer, to: config.mail.shopNotifyEmail, publicUrl: config.publicUrl });
  const newsletter = createNewsletterService(createNewsletterRepository(db), clock, { mailer, publicUrl: config.publicUrl });
  // Campaigns to the confirmed subscribers (issue 29), sent in batches by the job queue at the configured rate.
  const newsletterCampaigns = createCampaignService({
    campaigns: createCampaignRepository(db),
    clock,
    jobs,
    mailer,
    deliver: createDeliverNow(emailSender, config.publicUrl),
    render: (content) => renderEmail(content, config.publicUrl),
    product: async (id) => {
      if (!(await products.exists(id))) return undefined;
      const product = await products.get(id).catch(() => undefined);
      return product && { id: product._id, name: product.name, img: product.img, price: product.price };
    },
    audit: audit.record,
    publicUrl: config.publicUrl,
    ratePerMinute: config.newsletterRatePerMinute,
  });
  const overview = createOverviewService(createOverviewRepository(db), clock);
  // The sales reports, from the figures the payments and refunds keep (ADR 041).
  const reports = createReportService(createReportRepository(db), clock);

  // Demand for what is sold out (issue 27): alerts, wishlists, and the shop's low-stock notices.
  const stockAlerts = createStockAlertService(createStockAlertRepository(db), clock, createStockAlertTokens(secret), { mailer, publicUrl: config.publicUrl });
  const wishlist = createWishlistService(createWishlistRepository(db), clock);
  const lowStock = createLowStockNotices(createLowStockRepository(db), { mailer, to: config.mail.shopNotifyEmail, publicUrl: config.publicUrl });

  // A customer's data in their hands (ADR 046): their file, and their account's erasure.
  const customerData = createCustomerDataService({ data: createCustomerDataRepository(db), orders, audit, clock });

  const shop = {
    config,
    database,
    clock,
    log,
    metrics,
    emailSender,
    paymentGateway,
    rateLimits,
    userRepository,
    orderPayments,
    catalogueVersion,
    health,
    serving,
    jobs,
    auth,
    sessions,
    users,
    audit,
    addresses,
    categories,
    products,
    productImages,
    catalogueFile,
    bulkEdit,
    cart,
    cartReminders,
    orders,
    orderKeys,
    pricing,
    pricingSettings: pricingSettingsService,
    pages,
    discounts,
    invoices,
    refunds,
    returns,
    reviews,
    inbox,
    newsletter,
    newsletterCampaigns,
    overview,
    reports,
    stockAlerts,
    wishlist,
    lowStock,
    customerData,
  };
  return shop;
}

export type Shop = ReturnType<typeof createShop>;
