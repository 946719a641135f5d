import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { run, runMigrations, runOnce, type Runner, type RunnerOptions, type TaskList, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import type { DatabaseHandle } from '../../db/database.ts';
import { createGraphileJobRepository } from './graphile-job-repository.ts';
import { graphileLogger } from './graphile-logger.ts';
import { isJobId, type JobBackend } from './job-backend.ts';
import type { TaskRegistry } from './task-registry.ts';
import { untilNone } from './until-none.ts';

/** How often, and how long at most, `runDueJobs` looks for its jobs' outcomes to be written. */
const outcomeCheckMs = 5;
const outcomeWaitMs = 5_000;

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
  // The running queue only: a flash sale queues two e-mails a paid order, so one fetch takes a batch
  // for all the workers, instead of a fetch a job (and one more that finds none), and jobs done within
  // the same few milliseconds are deleted in one statement (ADR 068). The batch is handed back when
  // the runner stops, and a job done but not yet deleted when the process dies runs again, which every
  // task tolerates (e-mail keeps its Message-ID: ADR 057). `runDueJobs` goes without: a local queue
  // fetched once would miss the jobs its own jobs queue, which it must run too.
  const batched: RunnerOptions['preset'] = {
    worker: { localQueue: { size: concurrency * 2 }, completeJobBatchDelay: 5, failJobBatchDelay: 5 },
  };
  let runner: Runner | undefined;
  // The runner's pool of workers, whose forceful stop hands back the jobs still running.
  let pool: WorkerPool | undefined;

  return {
    prepare: () => runMigrations(options),

    enqueue: (executor, job) => jobs.add(executor, job),

    async startRunner() {
      // No crontab: periodic tasks are the queue's own schedules, the same on both databases.
      const events: WorkerEvents = new EventEmitter();
      events.on('pool:create', ({ workerPool }) => {
        pool = workerPool;
      });
      runner = await run({ ...options, preset: batched, events }, undefined, []);
      runner.promise.catch((error: unknown) => log.error({ err: error }, 'the background job runner stopped'));
    },

    async stopRunner(handBackAfterMs) {
      const stopping = runner;
      const workers = pool;
      runner = undefined;
      pool = undefined;
      if (!stopping) return;
      const finished = stopping.stop().then(() => true);
      if (handBackAfterMs === undefined) {
        await finished;
        return;
      }
      if (await Promise.race([finished, sleep(handBackAfterMs, false, { ref: false })])) return;
      // graphile-worker's forceful stop hands the jobs still running back (ADR 051): unlocked, due
      // again after its usual back-off, the cut-short run counted as a failed attempt.
      finished.catch(() => undefined);
      await workers?.forcefulShutdown('Handed back: the server running it was stopping.');
    },

    async runDueJobs() {
      // graphile-worker writes a job's failure without waiting for it (its worker calls failJob and
      // moves on), so runOnce can resolve while a failed job is still locked by its pool. The queue's
      // promise is that its jobs' outcomes are written by then: wait until this run's pool holds none.
      const events: WorkerEvents = new EventEmitter();
      let poolId: string | undefined;
      events.on('pool:create', ({ workerPool }) => {
        poolId = workerPool.id;
      });
      await runOnce({ ...options, events });
      const ranBy = poolId;
      if (ranBy === undefined) return;
      await untilNone(() => jobs.countLockedBy(ranBy), {
        checkMs: outcomeCheckMs,
        timeoutMs: outcomeWaitMs,
        failure: `Jobs run by ${ranBy} were still locked ${outcomeWaitMs} ms after the run ended`,
      });
    },

    countBusy: () => jobs.countBusy(),

    depth: () => jobs.depth(),

    listFailed: (page) => jobs.listFailed(page),

    retry: async (id) => isJobId(id) && jobs.retry(id),
  };
}
