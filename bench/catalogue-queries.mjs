// `npm run bench:catalogue`: the catalogue's own queries, as a visitor waits for them when no kept
// answer stands in (after any product change: an admin's edit, a sale's stock; ADR 019), at 100,000
// products on a fresh SQLite file and a fresh PostgreSQL database. `bench:scale` times the calls after
// warm-up requests, so for the catalogue it times the kept answers; this times the product repository's
// `list` (the page and its count) from the build in dist/, after the statistics are up to date (PostgreSQL's
// autovacuum would have run). Prints p50/p95 in milliseconds as Markdown tables.
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineDescription } from './start-shop.mjs';
import { createDatabase } from './scale/postgres.mjs';

if (!fs.existsSync('dist/server/modules/products/product-repository.js')) throw new Error('No build in dist/: run "npm run build" first.');
// The shop's modules come from the build; their types from the source (the linter reads a dynamic
// import as `any` whatever its cast, hence the exceptions, as in bench/scale/dataset.mjs).
/** @param {string} file a module of the build, as dist/ holds it */
const fromBuild = (file) => import(new URL(`../dist/${file}`, import.meta.url).href);
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
const { openPostgres, openSqlite } = /** @type {typeof import('../server/db/database.js')} */ (await fromBuild('server/db/database.js'));
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
const { migrateToLatest } = /** @type {typeof import('../server/db/migrate.js')} */ (await fromBuild('server/db/migrate.js'));
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
const { createProductRepository } = /** @type {typeof import('../server/modules/products/product-repository.js')} */ (
  await fromBuild('server/modules/products/product-repository.js')
);

/** @typedef {import('../common/schemas/products.js').ProductListQuery} ProductListQuery */
/** @typedef {ReturnType<typeof createProductRepository>} ProductRepository */

const products = 100_000;
const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const nameWords = ['Dovetail', 'Chisel', 'Plane', 'Saw', 'Gauge', 'Mallet', 'Scraper', 'Clamp', 'Rasp', 'Square'];
// The categories a fresh shop starts with (migration 028 seeds them).
const categories = ['chisels', 'planes', 'saws', 'marking-and-measuring', 'mallets-and-hammers', 'spokeshaves-and-scrapers', 'sharpening', 'clamps', 'other'];
const firstPage = { limit: 12, offset: 0 };
const perCategory = Math.floor(products / categories.length);

/**
 * What a visitor asks for: the first and last pages of each order, a category, and a broad search.
 * @type {[string, ProductListQuery][]}
 */
const queries = [
  ['first page (newest)', firstPage],
  [`last page (newest), offset ${(products - 4).toLocaleString('en')}`, { ...firstPage, offset: products - 4 }],
  ['last page by price', { ...firstPage, offset: products - 4, sort: 'price_asc' }],
  ['a category, first page', { ...firstPage, category: categories[1] }],
  ['a category, last page', { ...firstPage, category: categories[1], offset: perCategory - 4 }],
  ['search "dovetail" (1 in 10 match), first page', { ...firstPage, q: 'dovetail' }],
  ['search "dovetail", last page', { ...firstPage, q: 'dovetail', offset: products / 10 - 10 }],
];

/**
 * 100,000 products through the shop's own migrations, in batches: a tenth of them dovetail tools.
 * @param {import('../server/db/database.js').Database} db
 */
async function fill(db) {
  await migrateToLatest(db);
  const start = Date.UTC(2020, 0, 1);
  for (let first = 1; first <= products; first += 1000) {
    const rows = Array.from({ length: 1000 }, (_, index) => {
      const n = first + index;
      return {
        id: `bench-product-${String(n).padStart(8, '0')}`,
        name: `${nameWords[n % 10]} ${nameWords[(n * 7) % 10]} No. ${n}`,
        description: `A ${nameWords[(n * 3) % 10].toLowerCase()} for joinery, number ${n}.`,
        img: '/images/products/bench.webp',
        price_cents: 500 + ((n * 7919) % 50_000),
        min_quantity: 1,
        avail_quantity: n % 400,
        created_at: new Date(start + n * 60_000).toISOString(),
        category: categories[n % categories.length],
      };
    });
    await db.insertInto('products').values(rows).execute();
  }
}

/**
 * p50 and p95 of `samples` runs of a query after three unmeasured ones.
 * @param {ProductRepository} repository
 * @param {ProductListQuery} query
 */
async function time(repository, query) {
  for (let warmUp = 0; warmUp < 3; warmUp += 1) await repository.list(query);
  /** @type {number[]} */
  const times = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const started = performance.now();
    await repository.list(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (/** @type {number} */ p) => (times[Math.max(0, Math.ceil(p * times.length) - 1)] ?? Number.NaN).toFixed(1);
  return `${at(0.5)} | ${at(0.95)}`;
}

/**
 * @param {string} name
 * @param {import('../server/db/database.js').DatabaseHandle} handle
 */
async function measure(name, handle) {
  try {
    await fill(handle.db);
    if (handle.dialect === 'postgres') await sql`vacuum analyze products`.execute(handle.db);
    const repository = createProductRepository(handle.db);
    console.log(`\n${name}\n\n| query | p50 ms | p95 ms |\n|---|---:|---:|`);
    for (const [label, query] of queries) console.log(`| ${label} | ${await time(repository, query)} |`);
  } finally {
    await handle.close();
  }
}

console.log(`Catalogue queries without kept answers, ${products.toLocaleString('en')} products, ${samples} samples each`);
console.log(`Machine: ${machineDescription()}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-catalogue-'));
try {
  await measure('SQLite', openSqlite(path.join(dataDir, 'joinery.db')));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const postgres = await createDatabase(`joinery_catalogue_${process.pid}`);
try {
  await measure(`PostgreSQL ${postgres.version}`, openPostgres(postgres.url));
} finally {
  await postgres.drop();
}
