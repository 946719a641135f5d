import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';

export interface AppAt {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A second server process on an existing test database whose clock always reads `now`, for answers
 * that depend on what day it is. Sign in through this app itself: its session cookies are signed with
 * a key of its own. Close it before the database.
 */
export async function createAppAt(database: DatabaseHandle, now: Date, env: NodeJS.ProcessEnv = {}): Promise<AppAt> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }, path.join(dataDir, 'no-web-build'));
  const app = await buildApp({ config, database, logger: false, clock: () => new Date(now) });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
