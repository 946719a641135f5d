import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { JobQueueSettings } from '../modules/jobs/create-job-queue.ts';
import { testSettings } from './test-app.ts';

export interface AppAt {
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface AppOnOptions {
  /** What time it is in this process (default: the real time). */
  clock?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Background tasks of the test's own, or jobs run only when the test says. */
  jobs?: JobQueueSettings;
}

/**
 * Another server process on an existing test database. Sign in through this app itself: its session
 * cookies are signed with a key of its own. Close it before the database.
 */
export async function createAppOn(database: DatabaseHandle, { clock, env = {}, jobs }: AppOnOptions = {}): Promise<AppAt> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...testSettings, ...env }, path.join(dataDir, 'no-web-build'));
  const app = await createApp({ config, database, logger: false, clock, jobs });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second server process whose clock always reads `now`, for answers that depend on what day it is. */
export function createAppAt(database: DatabaseHandle, now: Date, env: NodeJS.ProcessEnv = {}): Promise<AppAt> {
  return createAppOn(database, { clock: () => new Date(now), env });
}
