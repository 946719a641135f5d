import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import { type Clock, systemClock } from '../clock.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoCatalogue } from '../db/seed/seed.ts';
import type { SmsSender } from '../modules/auth/sms/sms-sender.ts';
import type { JobQueueSettings } from '../modules/jobs/create-job-queue.ts';
import type { PaymentGateway } from '../modules/payments/payment-gateway.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  /** The app's DATA_DIR (its mail outbox is there). */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo catalogue (default true). */
  seed?: boolean;
  /** A folder standing in for the built web app; none by default. */
  webRoot?: string;
  env?: NodeJS.ProcessEnv;
  /** Replaces the configured text-message sender, so that a test can read the codes it sends. */
  sms?: SmsSender;
  /** Replaces the configured card processor (the local test processor by default). */
  gateway?: PaymentGateway;
  /** The shop's time, the demo catalogue's included (the real time by default): a test clock lets time pass at once. */
  clock?: Clock;
  /** Background tasks of the test's own, or jobs run only when the test says. */
  jobs?: JobQueueSettings;
  /** Adds routes of the test's own before the app starts (to see what the start-up checks make of them). */
  addRoutes?: (app: FastifyInstance) => void;
  /** Where the app logs (at LOG_LEVEL, info by default); without it the app logs nothing. */
  logStream?: { write(line: string): void };
}

// Tests write to the database directly and read the catalogue at once: each request looks at its version.
export const testSettings = { ORDER_RATE_LIMIT_PER_MINUTE: '1000', CARD_RATE_LIMIT_PER_MINUTE: '1000', CATALOGUE_CHECK_MS: '0' };

/** The whole app on a fresh, migrated database, driven through `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? systemClock;
  const database = await createTestDatabase();
  await migrateToLatest(database.db);
  if (options.seed !== false) await seedDemoCatalogue(database.db, clock());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-data-'));
  const webRoot = options.webRoot ?? path.join(dataDir, 'no-web-build');
  // Tests place and pay many orders as one customer within a minute; the tests of those limits set their own.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...testSettings, ...options.env }, webRoot);
  const app = await createApp({
    config,
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    sms: options.sms,
    gateway: options.gateway,
    clock,
    jobs: options.jobs,
  });
  options.addRoutes?.(app);
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: database.db,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
