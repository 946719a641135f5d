import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { QueueDepth } from '../metrics/shop-metrics.ts';
import type { Page } from './job-queue.ts';
import type { StoredFailedJob } from './job-backend.ts';

/** A job this process has taken to run. */
export interface ClaimedJob {
  id: number;
  task: string;
  payload: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
}

/** What was left of the job when the process that ran it stopped before it could say how it went. */
const interrupted = 'Interrupted: the server running it stopped before it finished.';
/** What is left of a job that a stopping process gave back unfinished. */
const handedBack = 'Handed back: the server running it was stopping.';

/** The SQLite runner's queue, in the `jobs` table. Times are ISO 8601 text in UTC, from the runner's clock. */
export function createSqliteJobRepository(db: Database) {
  return {
    /** Through the caller's executor, so that the job commits or rolls back with the caller's change. */
    async add(executor: Database, job: { task: string; payload: string; runAt: string; maxAttempts: number; createdAt: string }): Promise<string> {
      const { id } = await executor
        .insertInto('jobs')
        .values({ task: job.task, payload: job.payload, run_at: job.runAt, max_attempts: job.maxAttempts, created_at: job.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(id);
    },

    /**
     * Takes the next due job of these tasks for `worker`, in one statement: SQLite runs one writer at a
     * time, so two processes on one file can never take the same job.
     */
    async claimNext(tasks: string[], now: string, worker: string): Promise<ClaimedJob | undefined> {
      if (tasks.length === 0) return undefined;
      return db
        .updateTable('jobs')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), locked_at: now, locked_by: worker }))
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('locked_at', 'is', null)
            .whereRef('attempts', '<', 'max_attempts')
            .where('run_at', '<=', now)
            .where('task', 'in', tasks)
            .orderBy('run_at')
            .orderBy('id')
            .limit(1),
        )
        .returning(['id', 'task', 'payload', 'attempts', 'max_attempts', 'run_at'])
        .executeTakeFirst();
    },

    /** A job that ran well is done, and goes. */
    async complete(id: number, worker: string): Promise<void> {
      await db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', worker).execute();
    },

    /** Records a failed run: due again at `retryAt`, or failed for good (`failedAt`) when it has no runs left. */
    async fail(id: number, worker: string, outcome: { error: string; retryAt: string; failedAt: string | null }): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ last_error: outcome.error, run_at: outcome.retryAt, failed_at: outcome.failedAt, locked_at: null, locked_by: null })
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .execute();
    },

    /**
     * Frees jobs held since before `staleBefore`: their process died with them. A job with runs left is
     * due again at once; one on its last run has failed.
     */
    async releaseStale(staleBefore: string, now: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          last_error: interrupted,
          failed_at: eb.case().when('attempts', '>=', eb.ref('max_attempts')).then(now).else(null).end(),
          locked_at: null,
          locked_by: null,
        }))
        .where('locked_at', '<', staleBefore)
        .execute();
    },

    /**
     * Frees the jobs `worker` holds, due at once for any process, and without counting the run that was
     * cut short against the job's attempts. Answers how many.
     */
    async handBack(worker: string): Promise<number> {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({ attempts: eb('attempts', '-', 1), last_error: handedBack, locked_at: null, locked_by: null }))
        .where('locked_by', '=', worker)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async countBusy(now: string): Promise<number> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('busy'))
        .where((eb) => eb.or([eb('locked_at', 'is not', null), eb.and([eb('attempts', '<', eb.ref('max_attempts')), eb('run_at', '<=', now)])]))
        .executeTakeFirstOrThrow();
      return Number(row.busy);
    },

    /** The queue by state in one pass over it: it holds only jobs not yet done, since a finished one is deleted. */
    async depth(now: Date): Promise<QueueDepth> {
      const at = now.toISOString();
      const due = sql`locked_at is null and attempts < max_attempts and run_at <= ${at}`;
      const { rows } = await sql<{ due: number | null; waiting: number | null; running: number | null; failed: number | null; oldest_due: string | null }>`
        select
          sum(${due}) as due,
          sum(locked_at is null and attempts < max_attempts and run_at > ${at}) as waiting,
          sum(locked_at is not null) as running,
          sum(failed_at is not null) as failed,
          min(case when ${due} then run_at end) as oldest_due
        from jobs`.execute(db);
      const row = rows[0];
      return {
        due: row?.due ?? 0,
        waiting: row?.waiting ?? 0,
        running: row?.running ?? 0,
        failed: row?.failed ?? 0,
        oldestDueSeconds: row?.oldest_due ? Math.max(0, (now.getTime() - Date.parse(row.oldest_due)) / 1000) : 0,
      };
    },

    /** Most recent failure first (index jobs_failed_at_idx). */
    async listFailed({ limit, offset }: Page): Promise<{ rows: StoredFailedJob[]; total: number }> {
      const failed = db.selectFrom('jobs').where('failed_at', 'is not', null);
      const [rows, count] = await Promise.all([
        failed.select(['id', 'task', 'payload', 'attempts', 'last_error', 'failed_at']).orderBy('failed_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        failed.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((row) => ({
          id: String(row.id),
          task: row.task,
          payload: JSON.parse(row.payload) as unknown,
          attempts: row.attempts,
          lastError: row.last_error ?? '',
          failedAt: row.failed_at ?? '',
        })),
        total: Number(count.total),
      };
    },

    /** Makes a failed job due now with all its runs ahead of it; false when no failed job has this id. */
    async retry(id: number, now: string): Promise<boolean> {
      const result = await db.updateTable('jobs').set({ attempts: 0, run_at: now, failed_at: null }).where('id', '=', id).where('failed_at', 'is not', null).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type SqliteJobRepository = ReturnType<typeof createSqliteJobRepository>;
