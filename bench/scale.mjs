// `npm run bench:scale`: the built shop with a big shop's data (100,000 products, 10,000 customers,
// 1,000,000 orders, 200,000 reviews, 100,000 newsletter subscribers), on a fresh SQLite file and on a
// fresh PostgreSQL database in turn. The schema comes from the shop's own migrations (its first
// start); the rows are generated in the database by bulk SQL (bench/scale/dataset.mjs); then every
// call the shop's pages make is timed, one request after another, and printed as a Markdown table.
// Exits non-zero only when a call answers an unexpected status: slow calls are what it measures.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineDescription, startShop } from './start-shop.mjs';
import { shopCalls } from './scale/calls.mjs';
import { describeOrderExport, measureOrderExport } from './scale/export-stream.mjs';
import { counts } from './scale/dataset.mjs';
import { markdownTable, measure, signIn, signUp } from './scale/measure.mjs';
import { createDatabase, loadPostgres } from './scale/postgres.mjs';
import { loadSqlite } from './scale/sqlite.mjs';

const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3960);
const admin = { email: 'admin@scale.example', password: 'Scale-bench-admin-9' };
const customer = { name: 'Scale Customer', email: 'customer@scale.example', password: 'Scale-bench-customer-9' };
/** The same for every start, so that the accounts made at the first start sign in at the second. */
const shopEnv = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, BETTER_AUTH_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' };

/**
 * One of the databases the shop runs on, made for this run.
 * @typedef {object} ScaleDatabase
 * @property {string} name
 * @property {Record<string, string>} env what tells the shop to use it
 * @property {(now: number, owner: { id: string, name: string, email: string }) => Promise<[string, number][]>} load
 * @property {() => Promise<void>} remove
 */

/** @returns {ScaleDatabase} */
function sqliteDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-scale-'));
  return {
    name: 'SQLite (a file in a temporary folder)',
    // A blank DATABASE_URL counts as unset, should the caller's environment have one.
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    load: (now, owner) => Promise.resolve(loadSqlite(path.join(dataDir, 'joinery.db'), now, owner)),
    remove: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** @returns {Promise<ScaleDatabase>} */
async function postgresDatabase() {
  const database = await createDatabase(`joinery_scale_${Date.now()}`);
  return {
    name: `PostgreSQL ${database.version} (127.0.0.1:5432, database ${database.name})`,
    env: { DATABASE_URL: database.url },
    load: (now, owner) => loadPostgres(database.url, now, owner),
    remove: database.drop,
  };
}

/**
 * Whether the shop answers its health check within a minute.
 * @param {string} shopUrl
 */
async function becomesHealthy(shopUrl) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (
      (await fetch(`${shopUrl}/api/health`).then(
        (res) => res.status,
        () => 0,
      )) === 200
    )
      return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * The built shop on a database, once it answers its health check. startShop waits ten seconds,
 * which a first start on PostgreSQL (its migrations and the job queue's) can outlast on a busy machine.
 * @param {ScaleDatabase} database
 */
async function startedShop(database) {
  const shop = await startShop(port, { ...shopEnv, ...database.env });
  if (await becomesHealthy(shop.url)) return shop;
  // A shop that never came up may have exited already, and then its stop would wait for ever.
  await Promise.race([shop.stop(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  throw new Error(`The shop did not start on ${database.name}.`);
}

/**
 * The schema and the two accounts through the shop itself, then the bulk rows behind its back.
 * @param {ScaleDatabase} database
 */
async function loadShop(database) {
  const shop = await startedShop(database);
  let owner;
  try {
    owner = { ...customer, id: (await signUp(shop.url, customer)).id };
  } finally {
    await shop.stop();
  }
  return database.load(Math.floor(Date.now() / 1000), owner);
}

/**
 * Restarted on the loaded database, so that nothing the shop keeps in memory predates the load.
 * @param {ScaleDatabase} database
 */
async function measureShop(database) {
  const shop = await startedShop(database);
  try {
    const cookies = { admin: await signIn(shop.url, admin), customer: await signIn(shop.url, customer) };
    const measurements = [];
    for (const call of await shopCalls(shop.url, cookies, customer.email)) measurements.push(await measure(shop.url, call, samples));
    const orderExport = await measureOrderExport(shop.url, cookies.admin, shop.pid);
    return { measurements, orderExport };
  } finally {
    await shop.stop();
  }
}

/**
 * @param {ScaleDatabase} database
 * @param {[string, number][]} timings
 * @param {import('./scale/measure.mjs').Measurement[]} measurements
 * @param {Awaited<ReturnType<typeof measureOrderExport>>} orderExport
 */
function report(database, timings, measurements, orderExport) {
  const many = (/** @type {number} */ count) => count.toLocaleString('en');
  console.log(`\n## ${database.name}\n`);
  console.log(`Machine: ${machineDescription()}`);
  console.log(
    `Loaded: ${many(counts.products)} products, ${many(counts.customers)} customers, ${many(counts.orders)} orders ` +
      `(${Math.floor(counts.orders / 3000)} of them the measured customer's), ${many(counts.reviews)} reviews, ` +
      `${many(counts.newsletterSubscribers)} newsletter subscribers, ${many(counts.contactMessages)} contact messages ` +
      '(besides the demo catalogue, the admin and the customer signed up through the API).',
  );
  console.log(`Load: ${timings.map(([what, ms]) => `${what} ${(ms / 1000).toFixed(1)} s`).join('; ')}.`);
  console.log(
    `Times: measured by the client over loopback, ${samples} requests one after another per call after 3 warm-ups ` +
      '(so the catalogue answers the shop keeps in memory are warm), whole body read, brotli accepted.\n',
  );
  console.log(markdownTable(measurements));
  console.log(`\n${describeOrderExport(orderExport)}`);
}

/** @param {ScaleDatabase} database */
async function benchmark(database) {
  try {
    const timings = await loadShop(database);
    const { measurements, orderExport } = await measureShop(database);
    report(database, timings, measurements, orderExport);
    const unexpected = measurements.filter((row) => !row.skipped && row.status !== 200);
    for (const row of unexpected) console.error(`${row.name} answered ${row.status}.`);
    return unexpected.length === 0;
  } finally {
    await database.remove();
  }
}

console.log(`# Scale benchmark, ${new Date().toISOString().slice(0, 10)}`);
let allAnswered = true;
// `BENCH_DATABASES=postgres` (or `sqlite`) measures one of them alone: each load takes minutes.
const databases = { sqlite: () => Promise.resolve(sqliteDatabase()), postgres: postgresDatabase };
const chosen = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
for (const name of chosen) {
  const open = databases[/** @type {keyof typeof databases} */ (name)];
  if (!open) throw new Error(`BENCH_DATABASES names ${name}: it may name sqlite and postgres`);
  try {
    allAnswered = (await benchmark(await open())) && allAnswered;
  } catch (error) {
    console.error(error);
    allAnswered = false;
  }
}
if (!allAnswered) process.exitCode = 1;
