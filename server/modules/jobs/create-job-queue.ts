import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import type { JobRunMetrics } from '../metrics/shop-metrics.ts';
import { createGraphileJobBackend } from './graphile-job-backend.ts';
import type { JobQueue, TaskDefinition } from './job-queue.ts';
import { createPeriodicScheduler } from './periodic-scheduler.ts';
import { createScheduleRepository } from './schedule-repository.ts';
import { createSqliteJobBackend } from './sqlite-job-backend.ts';
import { createTaskRegistry } from './task-registry.ts';
import { untilNone } from './until-none.ts';

/** How the app's job queue runs; tests change these through the app's `jobs` dependency. */
export interface JobQueueSettings {
  /** Tasks besides the shop's own (tests register theirs here). */
  extraTasks?: TaskDefinition[];
  /** false: no job runs until `runDueJobs` is called (tests that control time or runs). Default true. */
  startRunner?: boolean;
  /** How often the runner looks for due jobs and begun periods (default 1 second). */
  pollIntervalMs?: number;
}

export interface JobQueueOptions {
  database: DatabaseHandle;
  /** The shop's tasks. */
  tasks: readonly TaskDefinition[];
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Where each run is counted (ADR 052). */
  runs: JobRunMetrics;
  settings?: JobQueueSettings;
}

/** Jobs one process runs at the same time. */
const concurrency = 4;
const idleCheckMs = 25;

/** The job queue for the app's database: graphile-worker on PostgreSQL, the in-process runner on SQLite. */
export function createJobQueue({ database, tasks, clock, log, runs, settings = {} }: JobQueueOptions): JobQueue {
  const { extraTasks = [], startRunner = true, pollIntervalMs = 1000 } = settings;
  const registry = createTaskRegistry([...tasks, ...extraTasks], runs);
  const backend =
    database.dialect === 'postgres'
      ? createGraphileJobBackend({ database, registry, log, pollIntervalMs, concurrency })
      : createSqliteJobBackend({ db: database.db, registry, clock, log, pollIntervalMs, concurrency });
  const enqueue: JobQueue['enqueue'] = async (executor, task, payload, options) => backend.enqueue(executor, registry.prepare(task, payload, options));
  const scheduler = createPeriodicScheduler({ registry, schedules: createScheduleRepository(database.db), enqueue, clock });
  // With no task there is nothing to run, and graphile-worker would complain at every poll.
  const hasTasks = registry.names().length > 0;
  let scheduling: NodeJS.Timeout | undefined;
  let running = false;
  let tick: Promise<void> = Promise.resolve();
  let stopped: Promise<void> | undefined;

  function scheduleLater(): void {
    scheduling = setTimeout(() => {
      tick = scheduler
        .tick()
        .catch((error: unknown) => log.error({ err: error }, 'could not schedule periodic jobs'))
        .finally(() => {
          if (running) scheduleLater();
        });
    }, pollIntervalMs);
    // The schedule alone never keeps the process alive.
    scheduling.unref();
  }

  return {
    enqueue,

    async start() {
      stopped = undefined;
      await backend.prepare();
      if (!startRunner || !hasTasks) return;
      await scheduler.tick();
      await backend.startRunner();
      running = true;
      scheduleLater();
    },

    stop({ handBackAfterMs } = {}) {
      // The server stops the queue on SIGTERM with a deadline, and again (without one) as the app closes.
      stopped ??= (async () => {
        running = false;
        clearTimeout(scheduling);
        await tick;
        await backend.stopRunner(handBackAfterMs);
      })();
      return stopped;
    },

    async runDueJobs() {
      if (!hasTasks) return;
      await scheduler.tick();
      await backend.runDueJobs();
    },

    waitUntilIdle: ({ timeoutMs = 10_000 } = {}) =>
      untilNone(() => backend.countBusy(), { checkMs: idleCheckMs, timeoutMs, failure: `Background jobs were still due or running after ${timeoutMs} ms` }),

    depth: () => backend.depth(),

    async listFailed(page) {
      const { rows, total } = await backend.listFailed(page);
      return {
        items: rows.map((row) => ({
          _id: row.id,
          task: row.task,
          description: registry.describe(row.task, row.payload),
          attempts: row.attempts,
          lastError: row.lastError,
          failedAt: row.failedAt,
        })),
        total,
      };
    },

    retry: (id) => backend.retry(id),
  };
}
