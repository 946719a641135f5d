import type { Database } from '../../db/database.ts';
import type { QueueDepth } from '../metrics/shop-metrics.ts';
import type { Page } from './job-queue.ts';
import type { PreparedJob } from './task-registry.ts';

/** A failed job as its store keeps it; the queue describes its payload for the admin. */
export interface StoredFailedJob {
  id: string;
  task: string;
  payload: unknown;
  attempts: number;
  lastError: string;
  failedAt: string;
}

/** Where jobs are kept and who runs them: graphile-worker on PostgreSQL, the in-process runner on SQLite. */
export interface JobBackend {
  /** Creates or upgrades the queue's own tables. */
  prepare(): Promise<void>;
  /** Answers the job's id. */
  enqueue(executor: Database, job: PreparedJob): Promise<string>;
  startRunner(): Promise<void>;
  /** Waits for the running jobs; with `handBackAfterMs`, only that long, then hands back those still running. */
  stopRunner(handBackAfterMs?: number): Promise<void>;
  /** Runs every due job in this process, one after another, until none is due; resolves once each one's outcome is written. */
  runDueJobs(): Promise<void>;
  /** Jobs due now or running, in any process. */
  countBusy(): Promise<number>;
  /** The queue by state, in one query, for each scrape of /metrics. */
  depth(): Promise<QueueDepth>;
  listFailed(page: Page): Promise<{ rows: StoredFailedJob[]; total: number }>;
  retry(id: string): Promise<boolean>;
}

/** Job ids are whole numbers on both databases; anything else names no job. */
export const isJobId = (id: string): boolean => /^[1-9]\d{0,17}$/.test(id);
