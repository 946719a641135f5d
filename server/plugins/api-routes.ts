import fp from 'fastify-plugin';
import { accountSessionRoutes } from '../modules/auth/account-session-routes.ts';
import { authRoutes } from '../modules/auth/auth-routes.ts';
import { addressRoutes } from '../modules/addresses/address-routes.ts';
import { auditRoutes } from '../modules/audit/audit-routes.ts';
import { bulkEditRoutes } from '../modules/bulk-edit/bulk-edit-routes.ts';
import { cartRoutes } from '../modules/cart/cart-routes.ts';
import { catalogueFileRoutes } from '../modules/catalogue-file/catalogue-file-routes.ts';
import { categoryRoutes } from '../modules/categories/category-routes.ts';
import { healthRoutes } from '../modules/health/health-routes.ts';
import { inboxAdminRoutes } from '../modules/inbox/inbox-admin-routes.ts';
import { inboxRoutes } from '../modules/inbox/inbox-routes.ts';
import { newsletterRoutes } from '../modules/inbox/newsletter-routes.ts';
import { campaignRoutes } from '../modules/inbox/newsletter-campaign-routes.ts';
import { discountCodeRoutes } from '../modules/discounts/discount-code-routes.ts';
import { invoiceRoutes } from '../modules/invoices/invoice-routes.ts';
import { jobRoutes } from '../modules/jobs/job-routes.ts';
import { pricingSettingsRoutes } from '../modules/pricing/pricing-settings-routes.ts';
import { cartCheckoutRoutes } from '../modules/orders/cart-checkout-routes.ts';
import { orderRoutes } from '../modules/orders/order-routes.ts';
import { overviewRoutes } from '../modules/overview/overview-routes.ts';
import { reportRoutes } from '../modules/reports/report-routes.ts';
import { paymentsPlugin } from '../modules/payments/payments-plugin.ts';
import { productImageRoutes } from '../modules/product-images/product-image-routes.ts';
import { productRoutes } from '../modules/products/product-routes.ts';
import { returnRoutes } from '../modules/returns/return-routes.ts';
import { shopPageRoutes } from '../modules/shop-pages/shop-page-routes.ts';
import { reviewRoutes } from '../modules/reviews/review-routes.ts';
import { reviewAdminRoutes } from '../modules/reviews/review-admin-routes.ts';
import { stockAlertRoutes } from '../modules/stock-alerts/stock-alert-routes.ts';
import { cartReminderRoutes } from '../modules/cart-reminders/cart-reminder-routes.ts';
import { userRoutes } from '../modules/users/user-routes.ts';
import { customerDataRoutes } from '../modules/customer-data/customer-data-routes.ts';
import { wishlistRoutes } from '../modules/wishlist/wishlist-routes.ts';
import type { Shop } from '../shop.ts';
import { featureRoutes, routeConcerns } from './feature-routes.ts';

/** The API, registered under /api: each feature's routes, given the parts of the shop they use. */
export const apiRoutes = fp<{ shop: Shop }>(
  async (api, { shop }) => {
    const { config, database, clock } = shop;
    const { db } = database;
    const formsPerHour = config.formRateLimitPerHour;
    const limits = config.orderLimits;
    await api.register(featureRoutes('auth-routes', authRoutes), {
      auth: shop.auth,
      sessions: shop.sessions,
      users: shop.users,
      settings: config.auth,
      publicUrl: config.publicUrl,
    });
    await api.register(featureRoutes('account-session-routes', accountSessionRoutes), { db, sessions: shop.sessions, clock });
    await api.register(featureRoutes('user-routes', userRoutes), { users: shop.users });
    await api.register(featureRoutes('customer-data-routes', customerDataRoutes), { customerData: shop.customerData, sessions: shop.sessions });
    await api.register(featureRoutes('health-routes', healthRoutes), { health: shop.health, serving: shop.serving });
    await api.register(featureRoutes('product-routes', productRoutes), { products: shop.products, ratingOf: (productId) => shop.reviews.ratingOf(productId) });
    await api.register(featureRoutes('category-routes', categoryRoutes), { categories: shop.categories });
    await api.register(featureRoutes('product-image-routes', productImageRoutes), { images: shop.productImages });
    await api.register(featureRoutes('catalogue-file-routes', catalogueFileRoutes), { catalogue: shop.catalogueFile });
    await api.register(featureRoutes('bulk-edit-routes', bulkEditRoutes), { bulkEdit: shop.bulkEdit });
    await api.register(featureRoutes('order-routes', orderRoutes), { orders: shop.orders, limits });
    await api.register(featureRoutes('cart-routes', cartRoutes), { cart: shop.cart });
    await api.register(featureRoutes('address-routes', addressRoutes), { addresses: shop.addresses });
    await api.register(featureRoutes('cart-checkout-routes', cartCheckoutRoutes), {
      orders: shop.orders,
      cartLines: (viewer) => shop.cart.checkoutLines(viewer),
      guestLines: (lines) => shop.cart.guestLines(lines),
      limits,
    });
    await api.register(featureRoutes('pricing-settings-routes', pricingSettingsRoutes), { settings: shop.pricingSettings });
    await api.register(featureRoutes('discount-code-routes', discountCodeRoutes), { discounts: shop.discounts });
    await api.register(featureRoutes('invoice-routes', invoiceRoutes), { invoices: shop.invoices });
    await api.register(featureRoutes('payments', paymentsPlugin), {
      db,
      orders: shop.orders,
      refunds: shop.refunds,
      clock,
      gateway: shop.paymentGateway,
      orderPayments: shop.orderPayments,
      limits,
      metrics: shop.metrics.payments,
    });
    await api.register(featureRoutes('return-routes', returnRoutes), { returns: shop.returns, settings: shop.pricingSettings });
    await api.register(featureRoutes('shop-page-routes', shopPageRoutes), { pages: shop.pages });
    await api.register(featureRoutes('review-routes', reviewRoutes), { reviews: shop.reviews, formsPerHour });
    await api.register(featureRoutes('review-admin-routes', reviewAdminRoutes), { reviews: shop.reviews });
    await api.register(featureRoutes('inbox-routes', inboxRoutes), { inbox: shop.inbox, formsPerHour });
    await api.register(featureRoutes('newsletter-routes', newsletterRoutes), { newsletter: shop.newsletter, formsPerHour });
    await api.register(featureRoutes('newsletter-campaign-routes', campaignRoutes), { campaigns: shop.newsletterCampaigns });
    await api.register(featureRoutes('stock-alert-routes', stockAlertRoutes), { alerts: shop.stockAlerts, formsPerHour });
    await api.register(featureRoutes('cart-reminder-routes', cartReminderRoutes), { reminders: shop.cartReminders, formsPerHour });
    await api.register(featureRoutes('wishlist-routes', wishlistRoutes), { wishlist: shop.wishlist });
    await api.register(featureRoutes('inbox-admin-routes', inboxAdminRoutes), { inbox: shop.inbox });
    await api.register(featureRoutes('overview-routes', overviewRoutes), { overview: shop.overview });
    await api.register(featureRoutes('report-routes', reportRoutes), { reports: shop.reports });
    await api.register(featureRoutes('job-routes', jobRoutes), { jobs: shop.jobs });
    await api.register(featureRoutes('audit-routes', auditRoutes), { audit: shop.audit });
  },
  { name: 'api', dependencies: routeConcerns, encapsulate: true, fastify: '5.x' },
);
