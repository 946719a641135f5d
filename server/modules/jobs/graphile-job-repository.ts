import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { QueueDepth } from '../metrics/shop-metrics.ts';
import type { Page } from './job-queue.ts';
import type { StoredFailedJob } from './job-backend.ts';
import type { PreparedJob } from './task-registry.ts';

/**
 * graphile-worker's queue, read and written with its SQL functions and its public `jobs` view. Only
 * the payload of a failed job is read from its private table, because the view leaves it out
 * (graphile-worker is pinned for that reason: ADR 009).
 */
export function createGraphileJobRepository(db: Database) {
  /** Failed for good: no runs left, and no process running it. */
  const failed = sql`jobs.attempts >= jobs.max_attempts and jobs.locked_at is null`;

  return {
    /** In the caller's transaction; graphile-worker's NOTIFY reaches the workers when it commits. */
    async add(executor: Database, job: PreparedJob): Promise<string> {
      const { rows } = await sql<{ id: string }>`select (graphile_worker.add_job(
        ${job.task},
        ${JSON.stringify(job.payload)}::json,
        run_at => ${job.runAt ?? null}::timestamptz,
        max_attempts => ${job.maxAttempts}::int
      )).id::text as id`.execute(executor);
      const [added] = rows;
      if (!added) throw new Error(`graphile-worker did not add the ${job.task} job`);
      return added.id;
    },

    /** Jobs still locked by one worker pool: taken by it and not yet written done or failed. */
    async countLockedBy(poolId: string): Promise<number> {
      const { rows } = await sql<{ locked: number }>`
        select count(*) as locked from graphile_worker._private_jobs where locked_by = ${poolId}`.execute(db);
      return Number(rows[0]?.locked ?? 0);
    },

    async countBusy(): Promise<number> {
      const { rows } = await sql<{ busy: number }>`
        select count(*) as busy from graphile_worker.jobs
        where locked_at is not null or (attempts < max_attempts and run_at <= now())`.execute(db);
      return Number(rows[0]?.busy ?? 0);
    },

    /** The queue by state in one pass over it: it holds only jobs not yet done, since a finished one is deleted. */
    async depth(): Promise<QueueDepth> {
      const due = sql`jobs.locked_at is null and jobs.attempts < jobs.max_attempts and jobs.run_at <= now()`;
      const { rows } = await sql<{ due: number; waiting: number; running: number; failed: number; oldest_due_seconds: number | null }>`
        select
          count(*) filter (where ${due}) as due,
          count(*) filter (where jobs.locked_at is null and jobs.attempts < jobs.max_attempts and jobs.run_at > now()) as waiting,
          count(*) filter (where jobs.locked_at is not null) as running,
          count(*) filter (where ${failed}) as failed,
          extract(epoch from now() - min(jobs.run_at) filter (where ${due}))::float8 as oldest_due_seconds
        from graphile_worker.jobs`.execute(db);
      const row = rows[0];
      return {
        due: Number(row?.due ?? 0),
        waiting: Number(row?.waiting ?? 0),
        running: Number(row?.running ?? 0),
        failed: Number(row?.failed ?? 0),
        oldestDueSeconds: Math.max(0, row?.oldest_due_seconds ?? 0),
      };
    },

    /**
     * Most recent failure first. graphile-worker keeps no failure time, but sets the next run to the
     * failure time plus e^attempts seconds, which gives it back; a job failed by hand has it in updated_at.
     */
    async listFailed({ limit, offset }: Page): Promise<{ rows: StoredFailedJob[]; total: number }> {
      const [page, count] = await Promise.all([
        sql<{ id: string; task: string; payload: unknown; attempts: number; last_error: string | null; failed_at: Date }>`
          select jobs.id::text as id, jobs.task_identifier as task, private.payload, jobs.attempts, jobs.last_error,
            greatest(jobs.updated_at, jobs.run_at - exp(least(jobs.attempts, 10)) * interval '1 second') as failed_at
          from graphile_worker.jobs
          join graphile_worker._private_jobs as private on private.id = jobs.id
          where ${failed}
          order by failed_at desc, jobs.id desc
          limit ${limit} offset ${offset}`.execute(db),
        sql<{ total: number }>`select count(*) as total from graphile_worker.jobs where ${failed}`.execute(db),
      ]);
      return {
        rows: page.rows.map((row) => ({
          id: row.id,
          task: row.task,
          payload: row.payload,
          attempts: row.attempts,
          lastError: row.last_error ?? '',
          failedAt: row.failed_at.toISOString(),
        })),
        total: Number(count.rows[0]?.total ?? 0),
      };
    },

    /** Due now with all its runs ahead of it (graphile-worker's reschedule_jobs); false when no failed job has this id. */
    async retry(id: string): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`
        select id::text from graphile_worker.reschedule_jobs(
          array(select jobs.id from graphile_worker.jobs where jobs.id = ${id}::bigint and ${failed}),
          run_at => now(),
          attempts => 0
        )`.execute(db);
      return rows.length > 0;
    },
  };
}
