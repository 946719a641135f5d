// `npm run bench:checkout-floor`: the flash sale of `bench:checkout`, the same customers and calls,
// against the least any shop must do for them (checkout/floor-server.mjs: a session read and the
// order's own writes, no Joinery code), on a fresh SQLite file and a fresh PostgreSQL database in turn.
// What this machine allows before a shop's own work: paid orders a second, placing→paid p50 and p95,
// and the CPU a paid order costs the server, PostgreSQL's processes and the customers themselves.
// BENCH_CUSTOMERS (100), BENCH_SECONDS (20), BENCH_STOCK (1,000,000) and BENCH_DATABASES
// (sqlite,postgres) change the run.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineDescription } from './start-shop.mjs';
import { customerBuying, percentile, refusals } from './checkout/customer.mjs';
import { postgresCpuMs, serverCpuMs } from './checkout/server-cpu.mjs';
import { createDatabase } from './scale/postgres.mjs';

const customers = Number(process.env.BENCH_CUSTOMERS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const stock = Number(process.env.BENCH_STOCK ?? 1_000_000);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');

/** This process's CPU milliseconds: the customers'. */
const customersCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The floor server on a database, once it listens.
 * @param {Record<string, string>} env
 */
async function startFloor(env) {
  const child = spawn(process.execPath, ['bench/checkout/floor-server.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      const listening = /listening (\d+)/.exec(chunk.toString());
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * @param {string} url
 * @param {string} what
 * @param {object} body
 */
async function setUp(url, what, body) {
  const response = await fetch(`${url}/setup/${what}`, { method: 'POST', body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`setting up ${what} answered ${response.status}`);
}

/**
 * @param {string} name
 * @param {Record<string, string>} env
 */
async function run(name, env) {
  const floor = await startFloor(env);
  try {
    const cookies = [];
    for (let i = 0; i < customers; i += 1) {
      const token = randomUUID();
      await setUp(floor.url, 'session', { token });
      cookies.push(`session=${token}`);
    }
    await setUp(floor.url, 'product', { id: 'warm-up', stock: customers });
    await setUp(floor.url, 'product', { id: 'sale', stock });
    // Warm-up, not measured: every customer buys once, so the code is compiled and the pool full.
    await Promise.all(cookies.map((cookie) => customerBuying(floor.url, cookie, 'warm-up', 0, 1)));
    const before = { server: serverCpuMs(floor.pid) ?? 0, postgres: postgresCpuMs() ?? 0, customers: customersCpuMs() };
    const started = performance.now();
    const runs = await Promise.all(cookies.map((cookie) => customerBuying(floor.url, cookie, 'sale', started + seconds * 1000)));
    const elapsed = (performance.now() - started) / 1000;
    const after = { server: serverCpuMs(floor.pid) ?? 0, postgres: postgresCpuMs() ?? 0, customers: customersCpuMs() };
    const times = runs
      .flatMap((each) => each.paid)
      .map((order) => order.ms)
      .sort((a, b) => a - b);
    const perOrder = (/** @type {'server' | 'postgres' | 'customers'} */ part) => ((after[part] - before[part]) / times.length).toFixed(2);
    console.log(`\n## ${name}\n`);
    console.log(`Machine: ${machineDescription()}; ${customers} customers, ${elapsed.toFixed(1)} s\n`);
    console.log('| paid orders/s | placing→paid p50 ms | p95 ms | orders paid | CPU a paid order: server | PostgreSQL | customers |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${(times.length / elapsed).toFixed(1)} | ${percentile(times, 0.5).toFixed(0)} | ${percentile(times, 0.95).toFixed(0)} | ${times.length} | ${perOrder('server')} ms | ${name.startsWith('PostgreSQL') ? `${perOrder('postgres')} ms` : '–'} | ${perOrder('customers')} ms |`,
    );
    console.log(`\nRefused or failed calls: ${refusals(runs)}`);
  } finally {
    await floor.stop();
  }
}

for (const database of databases) {
  if (database === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-floor-'));
    try {
      await run('SQLite (a file in a temporary folder)', { FLOOR_DATABASE: 'sqlite', FLOOR_DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } else {
    const created = await createDatabase(`joinery_floor_${Date.now()}`);
    try {
      await run(`PostgreSQL ${created.version} (127.0.0.1:5432, database ${created.name})`, { FLOOR_DATABASE: created.url });
    } finally {
      await created.drop();
    }
  }
}
