// `npm run bench:api`: autocannon against every public catalogue call of the built shop, its home
// page and a hashed script, each asked for as a browser asks (brotli accepted). In the same run the
// same paths are loaded from two baselines answering the very bytes the shop sent: a bare node:http
// server (as fast as Node can answer) and a minimal Fastify app (what the framework costs).
// Each call is loaded in rounds, the three servers in turn (a different one first each round), and the
// median round is printed: on a shared machine one run's figure can drift by half from the next one's.
// Prints requests per second, p99 latency, errors, and the shop's share of each baseline.
import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { machineDescription, startShop } from './start-shop.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmUpSeconds = 3;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const browserHeaders = { 'accept-encoding': 'br, gzip' };
/** Headers a baseline does not repeat: Node writes the first three itself, the id is one request's, the length the baseline's. */
const perRequestHeaders = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length']);

/**
 * @param {string} url
 * @param {number} [seconds]
 * @returns {Promise<import('autocannon').Result>}
 */
function load(url, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration: seconds, connections, headers: browserHeaders }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * The shop's answer as sent, still compressed (fetch would decompress it).
 * @param {string} url
 * @returns {Promise<{ status: number, body: Buffer, headers: Record<string, string> }>}
 */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: browserHeaders }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
        response.on('end', () => {
          /** @type {Record<string, string>} */
          const headers = {};
          for (const [name, value] of Object.entries(response.headers)) if (!perRequestHeaders.has(name) && value !== undefined) headers[name] = String(value);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

/**
 * @param {string} script
 * @param {Record<string, { body: string, headers: Record<string, string> }>} answers
 */
async function startBaseline(script, answers) {
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(answers));
  const port = await new Promise((/** @type {(port: number) => void} */ resolve) => {
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/**
 * The run with the median requests per second.
 * @param {import('autocannon').Result[]} runs
 */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.requests.average - b.requests.average);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const shop = await startShop(Number(process.env.BENCH_PORT ?? 3900), process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {});
/** @type {unknown} */
const firstPage = await (await fetch(`${shop.url}/api/products?limit=1`)).json();
const [first] = /** @type {{ _id: string }[]} */ (firstPage);
// The app's script, which every page loads once it is painted (ADR 026): the biggest file a page asks for.
const appScript = fs.readdirSync('dist/web/assets').find((name) => /^first-load-.+\.js$/.test(name));
if (!appScript) throw new Error('No first-load script in dist/web/assets: run "npm run build" first.');

/** What each row loads: its name in the table, and the path asked for. */
/** @type {[string, string][]} */
const calls = [
  ['GET /api/products', '/api/products'],
  ['GET /api/products, page 2', '/api/products?page=2&limit=6'],
  ['GET /api/products?q=chisels', '/api/products?q=chisels'],
  ['GET /api/products?category=chisels', '/api/products?category=chisels'],
  ['GET /api/products?sort=price_asc', '/api/products?sort=price_asc'],
  ['GET /api/products/{id}', `/api/products/${first._id}`],
  ['GET /api/products/{id}/reviews', `/api/products/${first._id}/reviews`],
  ['GET /api/reviews?limit=3', '/api/reviews?limit=3'],
  ['GET /products/{id} (page)', `/products/${first._id}`],
  ['GET /', '/'],
  ['GET the app script', `/assets/${appScript}`],
];

/** @type {Record<string, { body: string, headers: Record<string, string> }>} */
const answers = {};
for (const [name, path] of calls) {
  const answer = await rawGet(`${shop.url}${path}`);
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}`);
  answers[path] = { body: answer.body.toString('base64'), headers: answer.headers };
}
const bare = await startBaseline('bench/bare-server.mjs', answers);
const fastify = await startBaseline('bench/fastify-server.mjs', answers);

const rows = [];
try {
  // Each server runs the first call for a while unmeasured, so that every figure is of code the
  // JIT has compiled: without it the first call measured the shop's start-up, not its steady state.
  const [, firstPath] = calls[0];
  for (const server of [shop, bare, fastify]) await load(`${server.url}${firstPath}`, warmUpSeconds);
  for (const [name, path] of calls) {
    /** @type {{ url: string, runs: import('autocannon').Result[] }[]} */
    const servers = [shop, bare, fastify].map((server) => ({ url: server.url, runs: [] }));
    for (let round = 0; round < rounds; round += 1) {
      for (let turn = 0; turn < servers.length; turn += 1) {
        const server = servers[(round + turn) % servers.length];
        server.runs.push(await load(`${server.url}${path}`));
      }
    }
    const [ours, bareRun, fastifyRun] = servers.map((server) => median(server.runs));
    rows.push({
      name,
      bytes: Buffer.from(answers[path].body, 'base64').length,
      encoding: answers[path].headers['content-encoding'] ?? 'none',
      shop: ours,
      bare: bareRun,
      fastify: fastifyRun,
      errors: servers.flatMap((server) => server.runs).reduce((sum, run) => sum + run.errors + run.non2xx, 0),
    });
  }
} finally {
  bare.stop();
  fastify.stop();
  await shop.stop();
}

const rps = (/** @type {import('autocannon').Result} */ run) => Math.round(run.requests.average);
console.log(`\nAPI benchmark, ${new Date().toISOString().slice(0, 10)}, median of ${rounds} rounds of ${duration} s per server, ${connections} connections, brotli accepted`);
console.log(`Machine: ${machineDescription()}\n`);
console.log('| call | bytes sent | shop req/s | shop p99 ms | bare req/s | Fastify req/s | shop/bare | shop/Fastify | errors |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.bytes} (${row.encoding}) | ${rps(row.shop)} | ${row.shop.latency.p99} | ${rps(row.bare)} | ${rps(row.fastify)} | ${(rps(row.shop) / rps(row.bare)).toFixed(2)} | ${(rps(row.shop) / rps(row.fastify)).toFixed(2)} | ${row.errors} |`,
  );
}
if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
