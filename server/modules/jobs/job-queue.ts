import type { z } from 'zod';
import type { FailedJob } from '../../../common/schemas/jobs.ts';
import type { Database } from '../../db/database.ts';
import type { QueueDepth } from '../metrics/shop-metrics.ts';

/** What a handler knows about the job it runs. */
export interface RunningJob {
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
}

/**
 * A kind of background work: its name, the shape of its payload, and what to do. A handler that
 * throws is retried with back-off until `maxAttempts` runs have failed; then the job is listed for
 * the admin. Handlers must tolerate running twice (a process can stop between doing the work and
 * recording it done).
 */
export interface TaskDefinition<Payload = unknown> {
  /** Unique; stored with every job, so never rename a task that may have jobs waiting. */
  name: string;
  payload: z.ZodType<Payload>;
  /** A short line for the admin's list of failed jobs; it must leave out secrets and personal details. */
  describe(payload: Payload): string;
  handler(payload: Payload, job: RunningJob): Promise<void>;
  /** Runs before the job fails for good (default 10: the last retry comes about 3.5 hours after the first run). */
  maxAttempts?: number;
  /** Enqueued once per period of this many minutes (aligned to the epoch in UTC), across every process. */
  schedule?: { everyMinutes: number; payload: Payload };
}

/** Keeps a task's payload type between its schema, its handler and its description. */
export function defineTask<Payload>(task: TaskDefinition<Payload>): TaskDefinition<Payload> {
  return task;
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Overrides the task's own maximum. */
  maxAttempts?: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Background work on one interface, whichever the database (ADR 009): graphile-worker on
 * PostgreSQL, an in-process runner on SQLite.
 */
export interface JobQueue {
  /**
   * Adds a job through `executor`: the caller's transaction, so that the job exists exactly when the
   * change that causes it commits (or the database, for a job of its own). Throws if the task is
   * unknown or the payload does not fit its schema. Answers the job's id.
   */
  enqueue(executor: Database, task: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /** Prepares the queue's tables and, unless told not to, starts running jobs and schedules. */
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits for the running ones to finish; with `handBackAfterMs`, only that
   * long: a job still running then is handed back, to be run by another process (ADR 051). Calling
   * it again answers the same stop.
   */
  stop(options?: { handBackAfterMs?: number }): Promise<void>;
  /** Schedules the periodic tasks whose period has begun and runs every due job, then resolves, each job's outcome written. */
  runDueJobs(): Promise<void>;
  /** Resolves once no job is due or running, in any process on this database. */
  waitUntilIdle(options?: { timeoutMs?: number }): Promise<void>;
  /** The queue by state, in any process on this database (ADR 052). */
  depth(): Promise<QueueDepth>;
  /** Jobs that failed for good, most recent failure first. */
  listFailed(page: Page): Promise<{ items: FailedJob[]; total: number }>;
  /** Runs a failed job again, with its attempts counted afresh; false when no failed job has this id. */
  retry(id: string): Promise<boolean>;
}
