import { type Kysely, type Migration, sql } from 'kysely';

/**
 * When the shop recorded an order's money taken and announced it paid (ADR 056): `captured_at`, set
 * by the one conditional write that announces it, so that the request that captured the payment and
 * the follow-up job that finishes a capture a crash interrupted announce it once between them. The
 * orders paid before it were announced already (or, caught by a crash, can no longer be told apart
 * from those that were): they count as announced, from when they were paid, and are never announced again.
 */
export const capturesFinishedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('captured_at', 'text').execute();
    await sql`update orders set captured_at = paid_at where paid_at is not null`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('captured_at').execute();
  },
};
