import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { sendEmailTask } from '../mail/mailer.ts';

/**
 * Deletes, in the erasure's transaction, the messages to `email` that have not gone out: waiting, due
 * to be tried again, or failed for good. Their jobs carry the address and the message (and a failed
 * one the mail server's answer), which the erasure must not leave behind (ADR 046). A message being
 * sent at this very moment (its job locked by a worker) is on its way and is left to finish.
 *
 * On PostgreSQL through graphile-worker's own `complete_jobs`, which deletes only jobs no worker
 * holds (checked again as it deletes), read by the address in its private table as the admin's list
 * of failed jobs reads payloads (ADR 009); on SQLite from the runner's `jobs` table.
 */
export async function dropUnsentMailTo(transaction: Database, email: string): Promise<void> {
  const address = email.toLowerCase();
  if (isPostgres(transaction)) {
    await sql`select id from graphile_worker.complete_jobs(array(
        select jobs.id from graphile_worker.jobs
        join graphile_worker._private_jobs as private on private.id = jobs.id
        where jobs.task_identifier = ${sendEmailTask} and jobs.locked_at is null and lower(private.payload->>'to') = ${address}
      ))`.execute(transaction);
    return;
  }
  await transaction
    .deleteFrom('jobs')
    .where('task', '=', sendEmailTask)
    .where('locked_at', 'is', null)
    .where(sql<string>`lower(json_extract(payload, '$.to'))`, '=', address)
    .execute();
}
