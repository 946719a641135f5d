import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Background jobs (ADR 009). On both databases, the periods each periodic task has been scheduled for,
 * so that one process per period enqueues it. On SQLite, the queue itself; on PostgreSQL the queue is
 * graphile-worker's, in its own schema, which it migrates when the app starts.
 */
export const jobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_schedules')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('last_period_start', 'text', (col) => col.notNull())
      .execute();

    if (isPostgres(db)) return;
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('task', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('run_at', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (col) => col.notNull())
      .addColumn('last_error', 'text')
      .addColumn('locked_at', 'text')
      .addColumn('locked_by', 'text')
      .addColumn('failed_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    // The runner looks for the next due job; the admin lists the failed ones, newest first.
    await db.schema.createIndex('jobs_run_at_idx').on('jobs').columns(['run_at', 'id']).execute();
    await db.schema.createIndex('jobs_failed_at_idx').on('jobs').columns(['failed_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) await db.schema.dropTable('jobs').execute();
    await db.schema.dropTable('job_schedules').execute();
  },
};
