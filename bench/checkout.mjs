// `npm run bench:checkout`: a flash sale. The built shop on a fresh SQLite file and on a fresh
// PostgreSQL database in turn; one product with less stock than the customers will try to buy; N
// signed-in customers (accounts made before the clock starts), each buying one piece with Buy Now and
// paying it on the payment page with the local test processor's card form, over and over, for the
// run's seconds. Prints paid orders a second (while the stock lasted), placing→paid p50 and p95, the
// errors by status, the shop's CPU time per paid order, and the pieces oversold, counted in the database
// afterwards (anything but 0 is a failure: exit code 1). BENCH_CUSTOMERS (100), BENCH_SECONDS (20),
// BENCH_STOCK (1000), BENCH_DATABASES (sqlite,postgres) and WEB_CONCURRENCY (1) change the run; with
// METRICS_TOKEN set, the shop's own /metrics figures are printed beside the bench's.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineDescription, startShop } from './start-shop.mjs';
import { customerBuying, percentile, refusals } from './checkout/customer.mjs';
import { postgresJobsWaiting, postgresPiecesSold, sqliteJobsWaiting, sqlitePiecesSold } from './checkout/database-counts.mjs';
import { postgresCpuMs, serverCpuMs } from './checkout/server-cpu.mjs';
import { shopMetrics } from './checkout/shop-metrics.mjs';
import { signIn, signUp } from './scale/measure.mjs';
import { createDatabase } from './scale/postgres.mjs';

const customers = Number(process.env.BENCH_CUSTOMERS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const stock = Number(process.env.BENCH_STOCK ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 3961);
// The shop's own default (1) unless the caller says: the figure is printed with the results.
const webConcurrency = process.env.WEB_CONCURRENCY ?? '1';
const admin = { email: 'admin@checkout.example', password: 'Checkout-bench-admin-9' };
const shopEnv = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  WEB_CONCURRENCY: webConcurrency,
  // A customer here buys again and again, which the per-account limits (30 orders and 20 cards a
  // minute) would refuse after seconds; they are still counted on every call, only never reached.
  ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
  CARD_RATE_LIMIT_PER_MINUTE: '1000000',
  // All the customers sign up from this one address before the clock starts.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
};

/**
 * One of the databases the shop runs on, made for this run.
 * @typedef {object} CheckoutDatabase
 * @property {string} name
 * @property {Record<string, string>} env what tells the shop to use it
 * @property {(productId: string) => Promise<number>} piecesSold paid pieces of the product, read in the database
 * @property {() => Promise<number>} jobsWaiting jobs neither done nor given up
 * @property {() => Promise<void>} remove
 */

/** @returns {Promise<CheckoutDatabase>} */
function sqliteDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-checkout-'));
  return Promise.resolve({
    name: 'SQLite (a file in a temporary folder)',
    // A blank DATABASE_URL counts as unset, should the caller's environment have one.
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    piecesSold: (productId) => Promise.resolve(sqlitePiecesSold(path.join(dataDir, 'joinery.db'), productId)),
    jobsWaiting: () => Promise.resolve(sqliteJobsWaiting(path.join(dataDir, 'joinery.db'))),
    remove: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
  });
}

/** @returns {Promise<CheckoutDatabase>} */
async function postgresDatabase() {
  const database = await createDatabase(`joinery_checkout_${Date.now()}`);
  return {
    name: `PostgreSQL ${database.version} (127.0.0.1:5432, database ${database.name})`,
    env: { DATABASE_URL: database.url },
    piecesSold: (productId) => postgresPiecesSold(database.url, productId),
    jobsWaiting: () => postgresJobsWaiting(database.url),
    remove: database.drop,
  };
}

/**
 * A product added by the admin as the admin page adds one, sold by the piece: `pieces` of them.
 * @param {string} shopUrl
 * @param {string} adminCookie
 * @param {number} pieces
 * @returns {Promise<string>} its id
 */
async function addProduct(shopUrl, adminCookie, pieces) {
  const response = await fetch(`${shopUrl}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl, cookie: adminCookie },
    body: JSON.stringify({
      name: 'Flash sale dovetail saw',
      img: '/images/products/dovetail-saw.webp',
      category: 'other',
      price: 39,
      minQuantity: 1,
      availQuantity: pieces,
      description: 'A dovetail saw at half price while the stock lasts.',
    }),
  });
  if (response.status !== 201) throw new Error(`adding the sale's product answered ${response.status}: ${await response.text()}`);
  /** @type {unknown} */
  const added = await response.json();
  return /** @type {{ _id: string }} */ (added)._id;
}

/**
 * The customers' session cookies: signed up, then signed in as the web app does, ten at a time
 * (each password is hashed with scrypt, which a hundred at once would only queue).
 * @param {string} shopUrl
 */
async function signedInCustomers(shopUrl) {
  const run = randomBytes(4).toString('hex');
  /** @type {string[]} */
  const cookies = [];
  for (let first = 0; first < customers; first += 10) {
    const batch = Array.from({ length: Math.min(10, customers - first) }, (_, i) => ({
      name: `Sale Customer ${first + i}`,
      email: `customer${first + i}.${run}@checkout.example`,
      password: 'Checkout-bench-customer-9',
    }));
    cookies.push(...(await Promise.all(batch.map(async (account) => (await signUp(shopUrl, account), await signIn(shopUrl, account))))));
  }
  return cookies;
}

/**
 * The built shop on a database, once it answers its health check. startShop waits ten seconds,
 * which a first start on PostgreSQL (its migrations and the job queue's) can outlast on a busy machine.
 * @param {CheckoutDatabase} database
 */
async function startedShop(database) {
  const shop = await startShop(port, { ...shopEnv, ...database.env });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const status = await fetch(`${shop.url}/api/health`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return shop;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // A shop that never came up may have exited already, and then its stop would wait for ever.
  await Promise.race([shop.stop(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  throw new Error(`The shop did not start on ${database.name}.`);
}

/**
 * Until the shop has done the jobs the warm-up queued (the sign-ups' and orders' e-mails), which
 * would otherwise be done during the run, at two minutes most.
 * @param {CheckoutDatabase} database
 */
async function jobsDone(database) {
  for (let waited = 0; waited < 120 && (await database.jobsWaiting()) > 0; waited += 1) await new Promise((resolve) => setTimeout(resolve, 1000));
}

/** @param {CheckoutDatabase} database */
async function benchmark(database) {
  const shop = await startedShop(database);
  try {
    const adminCookie = await signIn(shop.url, admin);
    const cookies = await signedInCustomers(shop.url);
    // Warm-up, not measured: each customer buys a piece of another product once, so that the server's
    // code is compiled and its caches filled before the clock starts, as in a shop open for a while.
    const warmUpProduct = await addProduct(shop.url, adminCookie, customers + 1);
    await Promise.all(cookies.map((cookie) => customerBuying(shop.url, cookie, warmUpProduct, 0, 1)));
    await jobsDone(database);
    const productId = await addProduct(shop.url, adminCookie, stock);
    const metricsBefore = await shopMetrics(shop.url);
    const cpuBefore = serverCpuMs(shop.pid);
    const postgresCpuBefore = postgresCpuMs();
    const started = performance.now();
    const until = started + seconds * 1000;
    const runs = await Promise.all(cookies.map((cookie) => customerBuying(shop.url, cookie, productId, until)));
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = serverCpuMs(shop.pid);
    const postgresCpuAfter = postgresCpuMs();
    const metricsAfter = await shopMetrics(shop.url);
    const sold = await database.piecesSold(productId);
    const serverCpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    const postgresCpu = postgresCpuBefore === undefined || postgresCpuAfter === undefined ? undefined : postgresCpuAfter - postgresCpuBefore;
    return { runs, elapsed, started, sold, serverCpu, postgresCpu, metrics: metricsBefore && metricsAfter ? { before: metricsBefore, after: metricsAfter } : undefined };
  } finally {
    await shop.stop();
  }
}

/**
 * @param {CheckoutDatabase} database
 * @param {Awaited<ReturnType<typeof benchmark>>} result
 */
function report(database, { runs, elapsed, started, sold, serverCpu, postgresCpu, metrics }) {
  const paid = runs.flatMap((run) => run.paid);
  const times = paid.map((order) => order.ms).sort((a, b) => a - b);
  // While stock lasted: from the start to the last order paid (the whole run when it never ran out).
  const lastPaid = Math.max(0, ...paid.map((order) => order.at - started)) / 1000;
  const selling = sold >= stock ? lastPaid : elapsed;
  const oversold = Math.max(0, sold - stock);
  console.log(`\n## ${database.name}\n`);
  console.log(
    `Machine: ${machineDescription()}; load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  );
  console.log(`${customers} customers, ${stock} pieces in stock, ${elapsed.toFixed(1)} s, WEB_CONCURRENCY=${webConcurrency}\n`);
  console.log('| paid orders/s | placing→paid p50 ms | p95 ms | orders paid | pieces sold (database) | oversold | sold out after |');
  console.log('|---:|---:|---:|---:|---:|---:|---|');
  console.log(
    `| ${(paid.length / selling).toFixed(1)} | ${percentile(times, 0.5).toFixed(0)} | ${percentile(times, 0.95).toFixed(0)} | ${paid.length} | ${sold} | ${oversold} | ${sold >= stock ? `${lastPaid.toFixed(1)} s` : 'not sold out'} |`,
  );
  if (serverCpu !== undefined && paid.length > 0) {
    console.log(
      `\nThe shop's processes used ${(serverCpu / 1000).toFixed(1)} s of CPU in the run: ${(serverCpu / paid.length).toFixed(1)} ms a paid order (refused attempts included).`,
    );
  }
  if (database.name.startsWith('PostgreSQL') && postgresCpu !== undefined && paid.length > 0) {
    console.log(`PostgreSQL's processes used ${(postgresCpu / 1000).toFixed(1)} s of CPU in the run: ${(postgresCpu / paid.length).toFixed(1)} ms a paid order.`);
  }
  console.log(`\nRefused or failed calls: ${refusals(runs)}`);
  if (metrics) console.log(`\nThe shop's /metrics over the run: ${metrics.after.describeSince(metrics.before)}`);
  // Every piece the database counts as sold is one a customer was told was paid, and no more than the stock.
  return oversold === 0 && sold === paid.length;
}

console.log(`# Checkout benchmark (a flash sale), ${new Date().toISOString().slice(0, 10)}`);
let allRight = true;
const databases = { sqlite: sqliteDatabase, postgres: postgresDatabase };
const chosen = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
for (const name of chosen) {
  const open = databases[/** @type {keyof typeof databases} */ (name)];
  if (!open) throw new Error(`BENCH_DATABASES names ${name}: it may name sqlite and postgres`);
  const database = await open();
  try {
    const right = report(database, await benchmark(database));
    if (!right) console.error('Pieces oversold, or the database counts other paid pieces than the customers were answered.');
    allRight = right && allRight;
  } catch (error) {
    console.error(error);
    allRight = false;
  } finally {
    await database.remove();
  }
}
if (!allRight) process.exitCode = 1;
