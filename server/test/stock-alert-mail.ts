import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';
import { notifyBackInStockTask } from '../modules/stock-alerts/back-in-stock-task.ts';

/** The token of a stock alert e-mail's link to this page (the confirm or the unsubscribe page). */
export function stockAlertTokenIn(text: string, page: 'confirm' | 'unsubscribe'): string {
  const token = new RegExp(`/stock-alerts/${page}\\?token=([\\w-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no /stock-alerts/${page} link in:\n${text}`);
  return token;
}

/** The back-in-stock job run now (as its schedule would), and every e-mail it queued delivered. */
export async function runBackInStockJob(app: FastifyInstance, db: Database): Promise<void> {
  await app.jobs.enqueue(db, notifyBackInStockTask, {});
  await deliverQueued(app);
}

/** Runs every job due, twice over: the e-mails a job queued go out too. */
export async function deliverQueued(app: FastifyInstance): Promise<void> {
  await app.jobs.runDueJobs();
  await app.jobs.runDueJobs();
}

/** Marks an account's address as proved by its owner (as the confirmation link or Google would). */
export async function verifyAddress(db: Database, email: string): Promise<void> {
  await db
    .updateTable('user')
    .set({ emailVerified: isPostgres(db) ? true : 1 })
    .where('email', '=', email)
    .execute();
}

/** How many alert rows the table holds for this address. */
export async function alertRowsOf(db: Database, email: string): Promise<number> {
  const row = await db
    .selectFrom('stock_alerts')
    .select(sql<number>`count(*)`.as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
