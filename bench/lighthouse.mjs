// `npm run bench:lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G
// network, simulated) of the home page, the catalogue, a tool's page and the sign-in page of the
// built shop, in Debian's Chromium. Prints each category's score and the page's vitals.
// Lighthouse is fetched by npx at its pinned version when the bench runs: a hundred and fifty
// packages that neither the shop nor its tests need, kept out of `npm ci`. 12.2.3 is the newest
// release that runs on Node 20.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { machineDescription, startShop } from './start-shop.mjs';

const lighthouse = 'lighthouse@12.2.3';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromeFlags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const vitals = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];

/** @typedef {{ categories: Record<string, { score: number }>, audits: Record<string, { numericValue: number }> }} Report */

/**
 * @param {string} url
 * @returns {Promise<Report>}
 */
async function audit(url) {
  const { stdout } = await promisify(execFile)(
    'npx',
    ['--yes', lighthouse, url, '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${chromeFlags}`, `--only-categories=${categories.join(',')}`],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
  );
  /** @type {unknown} */
  const report = JSON.parse(stdout);
  return /** @type {Report} */ (report);
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART) and exits with an error; such a run
 * measured nothing, and is made again, up to twice.
 * @param {string} url
 * @returns {Promise<Report>}
 */
async function auditWithRetries(url) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt === 3 || !String(/** @type {{ stderr?: string }} */ (error).stderr).includes('NO_NAVSTART')) throw error;
      console.error(`Lighthouse recorded no trace of ${url}; running it again.`);
    }
  }
}

const shop = await startShop(Number(process.env.BENCH_PORT ?? 3902));
/** @type {unknown} */
const firstPage = await (await fetch(`${shop.url}/api/products?limit=1`)).json();
const [firstTool] = /** @type {{ _id: string }[]} */ (firstPage);
const pages = { '/': '/', '/products': '/products', 'a tool’s page': `/products/${firstTool._id}`, '/login': '/login' };
const rows = [];
try {
  for (const [name, path] of Object.entries(pages)) {
    /** @type {Report[]} */
    const reports = [];
    for (let run = 0; run < runs; run += 1) reports.push(await auditWithRetries(`${shop.url}${path}`));
    // The run with the median performance score stands for the page.
    reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    rows.push({ name, report: reports[Math.floor(reports.length / 2)] });
  }
} finally {
  await shop.stop();
}

console.log(`\nLighthouse ${lighthouse.split('@')[1]}, mobile, ${new Date().toISOString().slice(0, 10)}, median of ${runs} runs by performance`);
console.log(`Machine: ${machineDescription()}; Chromium headless\n`);
console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { name, report } of rows) {
  const score = (/** @type {string} */ category) => Math.round(report.categories[category].score * 100);
  const [fcp, lcp, tbt, cls] = vitals.map((id) => report.audits[id].numericValue);
  console.log(`| ${name} | ${categories.map(score).join(' | ')} | ${Math.round(fcp)} ms | ${Math.round(lcp)} ms | ${Math.round(tbt)} ms | ${cls.toFixed(3)} |`);
}
