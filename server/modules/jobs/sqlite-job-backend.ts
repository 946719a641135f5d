import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { isJobId, type JobBackend } from './job-backend.ts';
import { retryDelayMs, staleLockMs } from './retry-policy.ts';
import { type ClaimedJob, createSqliteJobRepository } from './sqlite-job-repository.ts';
import type { TaskRegistry } from './task-registry.ts';

export interface SqliteJobBackendOptions {
  db: Database;
  registry: TaskRegistry;
  clock: () => Date;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  concurrency: number;
}

/** What graphile-worker records for a thrown value, so that both databases show the same errors. */
function errorMessage(error: unknown): string {
  return (error instanceof Error && error.message) || String(error) || 'Non error or error without message thrown.';
}

/**
 * The queue on SQLite, run inside the server process with no other service: it polls the `jobs`
 * table, takes due jobs one statement at a time (so that processes sharing the file never run one
 * twice), runs a few at once, and retries failures with graphile-worker's back-off. Its time is the
 * app's clock.
 */
export function createSqliteJobBackend({ db, registry, clock, log, pollIntervalMs, concurrency }: SqliteJobBackendOptions): JobBackend {
  const jobs = createSqliteJobRepository(db);
  const worker = `sqlite-${randomUUID()}`;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let filling: Promise<void> | undefined;
  let stopping = false;

  async function runOne(job: ClaimedJob): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      await registry.run(job.task, JSON.parse(job.payload), { id: String(job.id), attempt: job.attempts });
    } catch (error) {
      failure = { error };
    }
    if (!failure) {
      await jobs.complete(job.id, worker);
      return;
    }
    const now = clock();
    const final = job.attempts >= job.max_attempts;
    const retryFrom = Math.max(now.getTime(), Date.parse(job.run_at));
    await jobs.fail(job.id, worker, {
      error: errorMessage(failure.error),
      retryAt: new Date(retryFrom + retryDelayMs(job.attempts)).toISOString(),
      failedAt: final ? now.toISOString() : null,
    });
    log[final ? 'error' : 'warn'](
      { jobId: job.id, task: job.task, attempt: job.attempts, maxAttempts: job.max_attempts, err: failure.error },
      final ? 'background job failed for good' : 'background job failed; it will run again',
    );
  }

  /** A job whose outcome could not be recorded stays held until it is released as stale. */
  const recordingFailed = (error: unknown) => log.error({ err: error }, 'could not record how a background job went');

  /** Takes due jobs while there is room, each run on its own; a finished one makes room for the next. */
  async function fill(): Promise<void> {
    while (!stopping && running.size < concurrency) {
      const job = await jobs.claimNext(registry.names(), clock().toISOString(), worker);
      if (!job) return;
      const run: Promise<void> = runOne(job)
        .catch(recordingFailed)
        .finally(() => {
          running.delete(run);
          kick();
        });
      running.add(run);
    }
  }

  function kick(): void {
    if (stopping || filling) return;
    filling = fill()
      .catch((error: unknown) => log.error({ err: error }, 'could not take background jobs'))
      .finally(() => {
        filling = undefined;
      });
  }

  async function releaseStale(): Promise<void> {
    const now = clock();
    await jobs.releaseStale(new Date(now.getTime() - staleLockMs).toISOString(), now.toISOString());
  }

  async function poll(): Promise<void> {
    await releaseStale();
    kick();
  }

  function pollLater(): void {
    timer = setTimeout(() => {
      poll()
        .catch((error: unknown) => log.error({ err: error }, 'could not look for background jobs'))
        .finally(() => {
          if (!stopping) pollLater();
        });
    }, pollIntervalMs);
    // The runner alone never keeps the process alive.
    timer.unref();
  }

  return {
    async prepare() {
      // The `jobs` table comes with the shop's migrations.
    },

    async enqueue(executor, job) {
      const now = clock();
      return jobs.add(executor, {
        task: job.task,
        payload: JSON.stringify(job.payload),
        runAt: (job.runAt ?? now).toISOString(),
        maxAttempts: job.maxAttempts,
        createdAt: now.toISOString(),
      });
    },

    async startRunner() {
      stopping = false;
      await poll();
      pollLater();
    },

    async stopRunner(handBackAfterMs) {
      stopping = true;
      clearTimeout(timer);
      await filling;
      const finished = Promise.all(running).then(() => true);
      if (handBackAfterMs === undefined) {
        await finished;
        return;
      }
      if (await Promise.race([finished, sleep(handBackAfterMs, false, { ref: false })])) return;
      // The process is leaving with these jobs unfinished: another process takes them at its next poll,
      // not after the hours a dead process's jobs wait (ADR 051). Whatever this one still records of
      // them is ignored, as they are no longer held by this worker.
      const handedBack = await jobs.handBack(worker);
      log.warn({ jobs: handedBack }, 'background jobs still running at shutdown were handed back');
    },

    async runDueJobs() {
      await releaseStale();
      for (;;) {
        const job = await jobs.claimNext(registry.names(), clock().toISOString(), worker);
        if (!job) return;
        await runOne(job);
      }
    },

    countBusy: () => jobs.countBusy(clock().toISOString()),

    depth: () => jobs.depth(clock()),

    listFailed: (page) => jobs.listFailed(page),

    retry: async (id) => isJobId(id) && jobs.retry(Number(id), clock().toISOString()),
  };
}
