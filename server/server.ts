import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { type AppConfig, ConfigError, loadConfig } from './config/env.ts';
import { AdminAccountError } from './modules/auth/admin-account.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoCharges } from './db/seed/demo-charges.ts';
import { seedDemoCatalogue } from './db/seed/seed.ts';
import { leaveGently } from './leave-gently.ts';
import { answerScrapesForWorkers } from './modules/metrics/cluster-metrics.ts';
import { createShop } from './shop.ts';

// Built, this file runs as dist/server/server.js; the web app is built into dist/web.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const clock = systemClock;
const stopSignals = ['SIGTERM', 'SIGINT'] as const;

function logLine(level: number, msg: string, fields: object = {}) {
  console.error(JSON.stringify({ level, time: clock().getTime(), pid: process.pid, msg, ...fields }));
}

/** Migrations and the demo catalogue, once, before any process serves. */
async function prepareDatabase(database: DatabaseHandle): Promise<{ applied: string[]; seeded: boolean }> {
  try {
    const applied = await migrateToLatest(database.db);
    const seeded = await seedDemoCatalogue(database.db, clock());
    // The demo shop ships and taxes as a real one does; a shop that was seeded before keeps its tables.
    if (seeded) await seedDemoCharges(database.db);
    return { applied, seeded };
  } catch (error) {
    logLine(60, 'could not prepare the database', { err: String(error) });
    await database.close();
    process.exit(1);
  }
}

/** One server process: the whole shop on the port (shared with its siblings under a primary). */
async function serve(config: AppConfig, prepare: boolean): Promise<void> {
  const database = openDatabase(config, { serving: true });
  // The database is ready before the app is built: better-auth checks its tables when it starts.
  const prepared = prepare ? await prepareDatabase(database) : undefined;
  const shop = createShop(config, { database, clock });
  const app = await buildApp(shop);
  if (prepared) app.log.info({ database: database.description, migrationsApplied: prepared.applied, demoCatalogueSeeded: prepared.seeded }, 'database ready');

  app.addHook('onClose', async () => {
    await database.close();
  });

  // On SIGTERM the server drains, stops taking connections, lets requests and jobs in flight finish
  // within the grace period (handing back the jobs that do not), then closes the database (ADR 051).
  let closing = false;
  for (const signal of stopSignals) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      leaveGently(app, shop.serving, config.shutdown).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
}

/**
 * WEB_CONCURRENCY above 1: this process prepares the database, then starts that many server
 * processes sharing the port (Node's cluster hands each connection to one of them), starts another
 * when one dies, and on SIGTERM stops them all and waits for them to finish their requests.
 */
async function superviseWorkers(config: AppConfig): Promise<void> {
  const database = openDatabase(config);
  const prepared = await prepareDatabase(database);
  await database.close();
  logLine(30, 'database ready', { migrationsApplied: prepared.applied, demoCatalogueSeeded: prepared.seeded, workers: config.workers });

  let stopping = false;
  let exitCode = 0;
  const served = new WeakSet<object>();
  function stopAll(reason: object) {
    if (stopping) return;
    stopping = true;
    logLine(30, 'shutting down', reason);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  }
  cluster.on('listening', (worker) => served.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && !served.has(worker)) {
      // It died before serving (a bad setting, a port taken): another would too.
      exitCode = 1;
      stopAll({ because: 'a server process could not start', workerPid: worker.process.pid, code });
    } else if (!stopping) {
      logLine(50, 'a server process stopped; starting another', { workerPid: worker.process.pid, code, signal });
      cluster.fork();
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });
  for (const signal of stopSignals) process.on(signal, () => stopAll({ signal }));
  // A scrape of /metrics reaches one process, which asks this one for the whole machine's figures (ADR 052).
  if (config.metricsToken) answerScrapesForWorkers();
  for (let index = 0; index < config.workers; index += 1) cluster.fork();
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, webRoot);
  if (config.workers > 1 && cluster.isPrimary) await superviseWorkers(config);
  else await serve(config, cluster.isPrimary);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AdminAccountError) {
    console.error(error.message);
  } else {
    console.error('Joinery could not start:', error);
  }
  process.exit(1);
});
