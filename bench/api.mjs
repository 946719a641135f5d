// `npm run bench:api`: autocannon against GET /api/products and GET /api/products/{id} of the built
// shop, and in the same run against a bare node:http server answering the same bytes from memory.
// Prints requests per second, p99 latency and the ratio of the shop to the bare server.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { machineDescription, startShop } from './start-shop.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * @param {string} url
 * @returns {Promise<import('autocannon').Result>}
 */
function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** @param {Record<string, { body: string, headers: Record<string, string | null> }>} routes */
async function startBareServer(routes) {
  const child = spawn(process.execPath, ['bench/bare-server.mjs'], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(routes));
  const port = await new Promise((/** @type {(port: number) => void} */ resolve) => {
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const shop = await startShop(Number(process.env.BENCH_PORT ?? 3900), process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {});
/** @type {unknown} */
const firstPage = await (await fetch(`${shop.url}/api/products?limit=1`)).json();
const [first] = /** @type {{ _id: string }[]} */ (firstPage);
const paths = { list: '/api/products', one: `/api/products/${first._id}` };

// The bare server answers exactly the bytes and content type the shop answers.
/** @type {Record<string, { body: string, headers: Record<string, string | null> }>} */
const routes = {};
for (const path of Object.values(paths)) {
  const response = await fetch(`${shop.url}${path}`);
  routes[path] = { body: await response.text(), headers: { 'content-type': response.headers.get('content-type') } };
}
const bare = await startBareServer(routes);

const rows = [];
try {
  for (const [name, path] of Object.entries(paths)) {
    const ours = await load(`${shop.url}${path}`);
    const baseline = await load(`${bare.url}${path}`);
    rows.push({
      call: `GET ${name === 'list' ? '/api/products' : '/api/products/{id}'}`,
      bytes: routes[path].body.length,
      shopRps: Math.round(ours.requests.average),
      shopP99: ours.latency.p99,
      bareRps: Math.round(baseline.requests.average),
      bareP99: baseline.latency.p99,
      errors: ours.errors + ours.non2xx,
    });
  }
} finally {
  bare.stop();
  await shop.stop();
}

console.log(`\nAPI benchmark, ${new Date().toISOString().slice(0, 10)}, ${duration} s per run, ${connections} connections`);
console.log(`Machine: ${machineDescription()}\n`);
console.log('| call | body bytes | shop req/s | shop p99 ms | bare req/s | bare p99 ms | shop/bare | errors |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.call} | ${row.bytes} | ${row.shopRps} | ${row.shopP99} | ${row.bareRps} | ${row.bareP99} | ${(row.shopRps / row.bareRps).toFixed(2)} | ${row.errors} |`,
  );
}
if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
