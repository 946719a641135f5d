// Every call the shop's pages make, with the page sizes the web app asks for (web/app/routes and
// web/features), and the deepest page of each long list.
import { get } from './measure.mjs';

/**
 * Reads one answer of the shop as JSON.
 * @param {string} url
 * @param {string | undefined} cookie
 */
async function readJson(url, cookie) {
  const answer = await get(url, cookie);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return { body: /** @type {unknown} */ (JSON.parse(answer.body)), total: Number(answer.headers.get('x-total-count')) };
}

/** YYYY-MM-DD of the UTC day `days` days after today. */
const utcDay = (/** @type {number} */ days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The Reports page's calls for its ranges: this month, the last 30 days and this year.
 * @param {string} admin
 * @returns {import('./measure.mjs').Call[]}
 */
function reportCalls(admin) {
  const today = utcDay(0);
  const thisMonth = `from=${today.slice(0, 8)}01&to=${today}`;
  const last30Days = `from=${utcDay(-29)}&to=${today}`;
  const thisYear = `from=${today.slice(0, 4)}-01-01&to=${today}`;
  // Thirty days that end on the 5th of last month: no whole month in them, so every one of their days'
  // rows is added up (the last 30 days read as on a month's first days, the dearest way to read them).
  const lastMonthFifth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 5));
  const thirtyDaysOverAMonthEnd = `from=${new Date(lastMonthFifth.getTime() - 29 * 86_400_000).toISOString().slice(0, 10)}&to=${lastMonthFifth.toISOString().slice(0, 10)}`;
  return [
    { name: 'admin: GET /api/reports/sales, this month by day', path: `/api/reports/sales?${thisMonth}&interval=day`, cookie: admin },
    { name: 'admin: GET /api/reports/sales, this year by week', path: `/api/reports/sales?${thisYear}&interval=week`, cookie: admin },
    { name: 'admin: GET /api/reports/sales, 3 years by month', path: `/api/reports/sales?from=${utcDay(-3 * 365)}&to=${today}&interval=month`, cookie: admin },
    { name: 'admin: GET /api/reports/products, this month', path: `/api/reports/products?${thisMonth}`, cookie: admin },
    { name: 'admin: GET /api/reports/products, last 30 days', path: `/api/reports/products?${last30Days}`, cookie: admin },
    { name: 'admin: GET /api/reports/products, 30 days to the 5th of last month', path: `/api/reports/products?${thirtyDaysOverAMonthEnd}`, cookie: admin },
    { name: 'admin: GET /api/reports/products, this year', path: `/api/reports/products?${thisYear}`, cookie: admin },
    { name: 'admin: GET /api/reports/tax, this year', path: `/api/reports/tax?${thisYear}`, cookie: admin },
    { name: 'admin: GET /api/reports/sales.csv, this year by day', path: `/api/reports/sales.csv?${thisYear}&interval=day`, cookie: admin },
  ];
}

/**
 * @param {string} shopUrl
 * @param {{ admin: string, customer: string }} cookies
 * @param {string} customerEmail
 * @returns {Promise<import('./measure.mjs').Call[]>}
 */
export async function shopCalls(shopUrl, cookies, customerEmail) {
  /**
   * The query that asks for the last page of a list of `pageSize`, as its pager's last button does.
   * @param {string} path
   * @param {number} pageSize
   * @param {string | undefined} cookie
   */
  const lastPage = async (path, pageSize, cookie) => {
    const { total } = await readJson(`${shopUrl}${path}${path.includes('?') ? '&' : '?'}limit=1`, cookie);
    return `limit=${pageSize}&offset=${Math.max(0, Math.floor((total - 1) / pageSize) * pageSize)}`;
  };
  /**
   * The query that asks for a page deep in a list read by keyset, as its Older button does: after
   * the item `depth` items down, found here by the slow way, once.
   * @param {string} path
   * @param {number} depth
   * @param {number} pageSize
   * @param {string | undefined} cookie
   */
  const deepPage = async (path, depth, pageSize, cookie) => {
    const { body } = await readJson(`${shopUrl}${path}${path.includes('?') ? '&' : '?'}limit=1&offset=${depth}`, cookie);
    const [item] = /** @type {{ _id: string, createdAt: string }[]} */ (body);
    if (!item) throw new Error(`${path} has fewer than ${depth} items.`);
    return `limit=${pageSize}&after=${encodeURIComponent(`${item.createdAt}_${item._id}`)}`;
  };
  const [product] = /** @type {{ _id: string }[]} */ ((await readJson(`${shopUrl}/api/products?limit=1`, undefined)).body);
  const myOrders = `/api/orders/${encodeURIComponent(customerEmail)}`;
  const [myOrder] = /** @type {{ _id: string, orderNumber: string }[]} */ ((await readJson(`${shopUrl}${myOrders}?limit=1`, cookies.customer)).body);
  if (!product || !myOrder) throw new Error('The loaded shop has no product, or the customer no order.');
  const { admin, customer } = cookies;
  return [
    { name: 'GET /api/session (every page)', path: '/api/session' },
    { name: 'GET /api/products (first page)', path: '/api/products' },
    { name: 'GET /api/products, catalogue last page (12)', path: `/api/products?${await lastPage('/api/products', 12, undefined)}` },
    { name: 'GET /api/products?q=chisel', path: '/api/products?q=chisel&limit=12' },
    { name: 'GET /api/products?category=planes', path: '/api/products?category=planes&limit=12' },
    { name: 'GET /api/products?sort=price_asc', path: '/api/products?sort=price_asc&limit=12' },
    { name: 'GET /api/products?limit=6&sort=newest (home)', path: '/api/products?limit=6&sort=newest' },
    { name: 'GET /api/products/{id}', path: `/api/products/${product._id}` },
    { name: 'GET /api/products/{id}/reviews', path: `/api/products/${product._id}/reviews?limit=5` },
    { name: 'GET /api/reviews?limit=3 (home)', path: '/api/reviews?limit=3' },
    { name: 'GET /products/{id} (page HTML)', path: `/products/${product._id}` },
    { name: 'GET /api/products?q={SKU}', path: `/api/products?q=JNR-${product._id.slice(24).toUpperCase()}-1` },
    { name: 'GET /api/categories', path: '/api/categories' },
    { name: 'GET /categories/planes (page HTML)', path: '/categories/planes' },
    { name: 'customer: GET /api/wishlist', path: '/api/wishlist?limit=20', cookie: customer },
    { name: 'customer: GET /api/orders/{email} (My Orders)', path: `${myOrders}?limit=10`, cookie: customer },
    { name: 'customer: GET /api/orders/{email}, last page', path: `${myOrders}?${await lastPage(myOrders, 10, customer)}`, cookie: customer },
    { name: 'customer: GET /api/orders/{id}/details', path: `/api/orders/${myOrder._id}/details`, cookie: customer },
    { name: 'customer: GET /api/users/{email} (profile)', path: `/api/users/${encodeURIComponent(customerEmail)}`, cookie: customer },
    { name: 'customer: GET /api/cart', path: '/api/cart', cookie: customer },
    { name: 'customer: GET /api/sessions', path: '/api/sessions', cookie: customer },
    { name: 'customer: GET /api/products?limit=100 (add a review)', path: '/api/products?limit=100', cookie: customer },
    { name: 'admin: GET /api/overview', path: '/api/overview', cookie: admin },
    { name: 'admin: GET /api/products/manage (first page)', path: '/api/products/manage?limit=20', cookie: admin },
    { name: 'admin: GET /api/stock-alerts/waiting', path: '/api/stock-alerts/waiting?limit=20', cookie: admin },
    { name: 'admin: GET /api/orders (first page)', path: '/api/orders?limit=20', cookie: admin },
    { name: 'admin: GET /api/orders, a page 999,960 orders down (after)', path: `/api/orders?${await deepPage('/api/orders', 999_960, 20, admin)}`, cookie: admin },
    {
      name: 'admin: GET /api/orders?stage=to-ship, 2nd page (after)',
      path: `/api/orders?stage=to-ship&${await deepPage('/api/orders?stage=to-ship', 19, 20, admin)}`,
      cookie: admin,
    },
    { name: 'admin: GET /api/orders?stage=to-ship', path: '/api/orders?stage=to-ship&limit=20', cookie: admin },
    { name: 'admin: GET /api/orders?stage=cancelled', path: '/api/orders?stage=cancelled&limit=20', cookie: admin },
    { name: 'admin: GET /api/orders?q=nakamura (name search)', path: '/api/orders?q=nakamura&limit=20', cookie: admin },
    { name: 'admin: GET /api/orders?q=J-{number}', path: `/api/orders?q=${myOrder.orderNumber}&limit=20`, cookie: admin },
    { name: 'admin: GET /api/users (first page)', path: '/api/users?limit=20', cookie: admin },
    { name: 'admin: GET /api/users, last page', path: `/api/users?${await lastPage('/api/users', 20, admin)}`, cookie: admin },
    { name: 'admin: GET /api/newsletter-subscribers (first page)', path: '/api/newsletter-subscribers?limit=20', cookie: admin },
    {
      name: 'admin: GET /api/newsletter-subscribers, the last page (after)',
      path: `/api/newsletter-subscribers?${await deepPage('/api/newsletter-subscribers', 94_980, 20, admin)}`,
      cookie: admin,
    },
    { name: 'admin: GET /api/newsletter-subscribers.csv (export)', path: '/api/newsletter-subscribers.csv', cookie: admin },
    // Streamed in batches of 500 from the list's index: the ~14,000 orders to ship, one row per line.
    { name: 'admin: GET /api/orders.csv?stage=to-ship (export)', path: '/api/orders.csv?stage=to-ship', cookie: admin },
    { name: 'admin: GET /api/contact-messages (first page)', path: '/api/contact-messages?limit=10', cookie: admin },
    { name: 'admin: GET /api/contact-messages, last page', path: `/api/contact-messages?${await lastPage('/api/contact-messages', 10, admin)}`, cookie: admin },
    { name: 'admin: GET /api/jobs/failed', path: '/api/jobs/failed?limit=20', cookie: admin },
    // The sales reports (ADR 041), from the figures kept per day: the Reports page's first view (this
    // month by day), and the longest ranges it offers; best sellers read a row per product sold each day.
    ...reportCalls(admin),
    // Refunds have no list of their own today (an order's details carry its refunds).
    { name: 'admin: GET /api/refunds', path: '/api/refunds?limit=20', cookie: admin, mayNotExist: true },
  ];
}
