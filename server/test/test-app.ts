import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoCatalogue } from '../db/seed/seed.ts';
import type { SmsSender } from '../modules/auth/sms/sms-sender.ts';
import type { PaymentGateway } from '../modules/payments/payment-gateway.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
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
}

/** The whole app on a fresh, migrated database, driven through `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await migrateToLatest(database.db);
  if (options.seed !== false) await seedDemoCatalogue(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-data-'));
  const webRoot = options.webRoot ?? path.join(dataDir, 'no-web-build');
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env }, webRoot);
  const app = await buildApp({ config, database, logger: false, sms: options.sms, gateway: options.gateway });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
