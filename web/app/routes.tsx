import type { RouteObject } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout.tsx';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { RequireAdmin, RequireSignIn } from '../features/auth/components/route-guards.tsx';
import HomePage from './routes/home.tsx';
import { RouteError } from './routes/route-error.tsx';

type PageModule = { default: React.ComponentType };

/**
 * Every page but the home page is its own chunk, so the home page's bundle stays small. Opened
 * directly, a page shows the shell and a spinner until its chunk has arrived.
 */
function lazyPage(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return { lazy: async () => ({ Component: (await load()).default }), HydrateFallback: PageLoading };
}

/** The routes only a signed-in person reaches: never rendered on the server, which renders for anyone. */
export const signedInRouteId = 'signed-in';
/** The page for an address the shop has no page at: answered 404 when rendered on the server. */
export const notFoundRouteId = 'not-found';

/** The specification's route table. */
export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomePage },
      { path: 'home', Component: HomePage },
      { path: 'products', ...lazyPage(() => import('./routes/products.tsx')) },
      // A product's own page is public: Buy Now on it leads to the guarded purchase page.
      { path: 'products/:id', ...lazyPage(() => import('./routes/product.tsx')) },
      // A category's own page: its title, description and tools (the catalogue narrowed to it).
      { path: 'categories/:slug', ...lazyPage(() => import('./routes/category.tsx')) },
      { path: 'cart', ...lazyPage(() => import('./routes/cart.tsx')) },
      // A cart reminder's links (ADR 045): the cart restored, and the reminders stopped.
      { path: 'cart/restore', ...lazyPage(() => import('./routes/cart-restore.tsx')) },
      { path: 'cart/reminders/stop', ...lazyPage(() => import('./routes/cart-reminders-stop.tsx')) },
      // An order opened from its e-mail's link, which carries its key: a guest's, who has no account (ADR 038).
      { path: 'orders/:id', ...lazyPage(() => import('./routes/guest-order.tsx')) },
      // Open to guests (ADR 038): a customer's cart is theirs on the server, a guest's in the browser.
      { path: 'checkout', ...lazyPage(() => import('./routes/checkout.tsx')) },
      { path: 'login', ...lazyPage(() => import('./routes/login.tsx')) },
      { path: 'phoneLogin', ...lazyPage(() => import('./routes/phone-login.tsx')) },
      { path: 'register', ...lazyPage(() => import('./routes/register.tsx')) },
      { path: 'forgotPassword', ...lazyPage(() => import('./routes/forgot-password.tsx')) },
      { path: 'resetPassword', ...lazyPage(() => import('./routes/reset-password.tsx')) },
      { path: 'verifyEmail', ...lazyPage(() => import('./routes/verify-email.tsx')) },
      { path: 'portfolio', ...lazyPage(() => import('./routes/portfolio.tsx')) },
      { path: 'blogs', ...lazyPage(() => import('./routes/blogs.tsx')) },
      // The pages the owner writes (ADR 044): terms, privacy, returns, shipping, about.
      { path: 'pages/:slug', ...lazyPage(() => import('./routes/shop-page.tsx')) },
      // The links in newsletter e-mail (double opt-in and unsubscribe).
      { path: 'newsletter/confirm', ...lazyPage(() => import('./routes/newsletter-confirm.tsx')) },
      { path: 'newsletter/unsubscribe', ...lazyPage(() => import('./routes/newsletter-unsubscribe.tsx')) },
      // The links in back-in-stock alert e-mail (double opt-in and unsubscribe).
      { path: 'stock-alerts/confirm', ...lazyPage(() => import('./routes/stock-alert-confirm.tsx')) },
      { path: 'stock-alerts/unsubscribe', ...lazyPage(() => import('./routes/stock-alert-unsubscribe.tsx')) },
      // Where a person lands, signed out, once their account is deleted (ADR 046).
      { path: 'account-deleted', ...lazyPage(() => import('./routes/account-deleted.tsx')) },
      {
        id: signedInRouteId,
        Component: RequireSignIn,
        children: [
          { path: 'purchase/:id', ...lazyPage(() => import('./routes/purchase.tsx')) },
          {
            path: 'dashboard',
            ...lazyPage(() => import('./routes/dashboard/dashboard-layout.tsx')),
            children: [
              { index: true, ...lazyPage(() => import('./routes/dashboard/my-profile.tsx')) },
              { path: 'review', ...lazyPage(() => import('./routes/dashboard/add-review.tsx')) },
              { path: 'myorders', ...lazyPage(() => import('./routes/dashboard/my-orders.tsx')) },
              { path: 'wishlist', ...lazyPage(() => import('./routes/dashboard/my-wishlist.tsx')) },
              { path: 'payment/:id', ...lazyPage(() => import('./routes/dashboard/payment.tsx')) },
              // A customer's own order, or any for an admin: the API decides whose it is.
              { path: 'orders/:id', ...lazyPage(() => import('./routes/dashboard/order-detail.tsx')) },
              {
                Component: RequireAdmin,
                children: [
                  { path: 'reports', ...lazyPage(() => import('./routes/dashboard/reports.tsx')) },
                  { path: 'addProduct', ...lazyPage(() => import('./routes/dashboard/add-product.tsx')) },
                  { path: 'manageproducts', ...lazyPage(() => import('./routes/dashboard/manage-products.tsx')) },
                  { path: 'catalogue-file', ...lazyPage(() => import('./routes/dashboard/catalogue-file.tsx')) },
                  { path: 'categories', ...lazyPage(() => import('./routes/dashboard/manage-categories.tsx')) },
                  { path: 'manageorder', ...lazyPage(() => import('./routes/dashboard/manage-order.tsx')) },
                  { path: 'returns', ...lazyPage(() => import('./routes/dashboard/manage-returns.tsx')) },
                  { path: 'shipping', ...lazyPage(() => import('./routes/dashboard/shipping.tsx')) },
                  { path: 'taxes', ...lazyPage(() => import('./routes/dashboard/taxes.tsx')) },
                  { path: 'discounts', ...lazyPage(() => import('./routes/dashboard/discount-codes.tsx')) },
                  { path: 'admin', ...lazyPage(() => import('./routes/dashboard/make-admin.tsx')) },
                  { path: 'messages', ...lazyPage(() => import('./routes/dashboard/messages.tsx')) },
                  { path: 'jobs', ...lazyPage(() => import('./routes/dashboard/background-jobs.tsx')) },
                  { path: 'demand', ...lazyPage(() => import('./routes/dashboard/demand.tsx')) },
                  { path: 'audit', ...lazyPage(() => import('./routes/dashboard/audit-log.tsx')) },
                  { path: 'pages', ...lazyPage(() => import('./routes/dashboard/manage-pages.tsx')) },
                  { path: 'pages/:slug', ...lazyPage(() => import('./routes/dashboard/edit-page.tsx')) },
                  { path: 'reviews', ...lazyPage(() => import('./routes/dashboard/manage-reviews.tsx')) },
                  { path: 'newsletter', ...lazyPage(() => import('./routes/dashboard/newsletter.tsx')) },
                ],
              },
            ],
          },
        ],
      },
      { id: notFoundRouteId, path: '*', ...lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];
