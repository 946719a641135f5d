// `npm run bench:web`: the production build served as `npm start` serves it; the home page and a
// tool's own page loaded in Chromium with a cold cache. Prints the JavaScript and total bytes transferred (compressed), Largest
// Contentful Paint and Cumulative Layout Shift, and checks the budgets: the home page's first-load
// JavaScript at most 120 KB compressed, CLS below 0.05 on both. A tool's page is short enough that the
// footer's forms come near the screen and load with it; its JavaScript is measured, not budgeted.
import { chromium } from 'playwright';
import { machineDescription, startShop } from './start-shop.mjs';

const budgets = { javascriptBytes: 120 * 1024, cls: 0.05 };
const runs = Number(process.env.BENCH_RUNS ?? 3);
const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

/** @typedef {{ lcp: number, cls: number }} Vitals */

// Collects LCP and layout shifts from the first paint on, as the page itself sees them.
const observeVitals = () => {
  const vitals = { lcp: 0, cls: 0 };
  Object.defineProperty(window, '__vitals', { value: vitals });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/**
 * @param {import('playwright').Browser} browser
 * @param {string} url
 * @param {{ width: number, height: number }} viewport
 */
async function measure(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.addInitScript(observeVitals);
  /** @type {{ type: string, bytes: number }[]} */
  const responses = [];
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    if (sizes) responses.push({ type: request.resourceType(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const vitals = await page.evaluate(() => /** @type {Window & { __vitals: Vitals }} */ (window).__vitals);
  await context.close();
  const sum = (/** @type {{ bytes: number }[]} */ items) => items.reduce((total, item) => total + item.bytes, 0);
  return {
    javascriptBytes: sum(responses.filter((response) => response.type === 'script')),
    totalBytes: sum(responses),
    requests: responses.length,
    lcp: vitals.lcp,
    cls: vitals.cls,
  };
}

const shop = await startShop(Number(process.env.BENCH_PORT ?? 3901));
/** @type {{ _id: string }[]} */
const [firstTool] = await fetch(`${shop.url}/api/products?limit=1`).then((res) => /** @type {Promise<{ _id: string }[]>} */ (res.json()));
const pages = { home: '/', 'product page': `/products/${firstTool._id}` };
const javascriptBudgeted = new Set(['home']);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const rows = [];
try {
  for (const [pageName, pagePath] of Object.entries(pages)) {
    for (const [viewportName, viewport] of Object.entries(viewports)) {
      /** @type {Awaited<ReturnType<typeof measure>>[]} */
      const samples = [];
      for (let run = 0; run < runs; run += 1) samples.push(await measure(browser, `${shop.url}${pagePath}`, viewport));
      const median = (/** @type {'javascriptBytes' | 'totalBytes' | 'requests' | 'lcp'} */ key) =>
        samples.map((sample) => sample[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
      rows.push({
        name: `${pageName}, ${viewportName}`,
        budgeted: javascriptBudgeted.has(pageName),
        javascriptBytes: median('javascriptBytes'),
        totalBytes: median('totalBytes'),
        requests: median('requests'),
        lcp: median('lcp'),
        cls: Math.max(...samples.map((s) => s.cls)),
      });
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`\nThe home page and a tool's page, cold cache, ${new Date().toISOString().slice(0, 10)}, median of ${runs} loads (CLS: worst)`);
console.log(`Machine: ${machineDescription()}; Chromium headless, loopback network\n`);
console.log('| page, viewport | JavaScript (compressed) | total transferred | requests | LCP | CLS |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(`| ${row.name} | ${kb(row.javascriptBytes)} | ${kb(row.totalBytes)} | ${row.requests} | ${Math.round(row.lcp)} ms | ${row.cls.toFixed(3)} |`);
}
const failures = rows.flatMap((row) => [
  ...(row.budgeted && row.javascriptBytes > budgets.javascriptBytes
    ? [`${row.name}: JavaScript ${kb(row.javascriptBytes)} is over the ${kb(budgets.javascriptBytes)} budget`]
    : []),
  ...(row.cls >= budgets.cls ? [`${row.name}: CLS ${row.cls.toFixed(3)} is not below ${budgets.cls}`] : []),
]);
console.log(
  failures.length ? `\nOver budget:\n${failures.join('\n')}` : `\nWithin budget: the home page's JavaScript ≤ ${kb(budgets.javascriptBytes)}, CLS < ${budgets.cls} everywhere.`,
);
process.exitCode = failures.length ? 1 : 0;
