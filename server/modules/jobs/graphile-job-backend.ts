import type { FastifyBaseLogger } from 'fastify';
import { run, runMigrations, runOnce, type Runner, type RunnerOptions, type TaskList } from 'graphile-worker';
import type { DatabaseHandle } from '../../db/database.ts';
import { createGraphileJobRepository } from './graphile-job-repository.ts';
import { graphileLogger } from './graphile-logger.ts';
import { isJobId, type JobBackend } from './job-backend.ts';
import type { TaskRegistry } from './task-registry.ts';

export interface GraphileJobBackendOptions {
  database: DatabaseHandle;
  registry: TaskRegistry;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  concurrency: number;
}

/**
 * The queue on PostgreSQL: graphile-worker (ADR 009) on the shop's own connection pool. Its workers
 * hear of new jobs through LISTEN/NOTIFY and take them with SKIP LOCKED, so each job runs once
 * however many processes share the database; its time is the database's.
 */
export function createGraphileJobBackend({ database, registry, log, pollIntervalMs, concurrency }: GraphileJobBackendOptions): JobBackend {
  const { pgPool } = database;
  if (!pgPool) throw new Error('graphile-worker needs the PostgreSQL connection pool');
  const jobs = createGraphileJobRepository(database.db);
  const taskList: TaskList = Object.fromEntries(
    registry.names().map((name) => [name, (payload, helpers) => registry.run(name, payload, { id: String(helpers.job.id), attempt: helpers.job.attempts })]),
  );
  const options: RunnerOptions = {
    pgPool,
    logger: graphileLogger(log),
    taskList,
    concurrency,
    pollInterval: pollIntervalMs,
    // The server handles SIGTERM itself and stops the runner as it closes.
    noHandleSignals: true,
  };
  let runner: Runner | undefined;

  return {
    prepare: () => runMigrations(options),

    enqueue: (executor, job) => jobs.add(executor, job),

    async startRunner() {
      // No crontab: periodic tasks are the queue's own schedules, the same on both databases.
      runner = await run(options, undefined, []);
      runner.promise.catch((error: unknown) => log.error({ err: error }, 'the background job runner stopped'));
    },

    async stopRunner() {
      await runner?.stop();
      runner = undefined;
    },

    runDueJobs: () => runOnce(options),

    countBusy: () => jobs.countBusy(),

    listFailed: (page) => jobs.listFailed(page),

    retry: async (id) => isJobId(id) && jobs.retry(id),
  };
}
