import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Newsletter double opt-in (ADR 011): an address is on the list once its owner confirms it. The
 * addresses already there were added before confirmation existed and count as confirmed. Each
 * confirmation mail carries a token of its own, kept only as its SHA-256 hash; one confirms the
 * address and unsubscribes it later.
 */
export const newsletterDoubleOptInMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', 'text').execute();
    await sql`update newsletter_subscribers set confirmed_at = created_at`.execute(db);

    await db.schema
      .createTable('newsletter_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('subscriber_id', 'text', (col) => col.notNull().references('newsletter_subscribers.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('newsletter_tokens_subscriber_id_idx').on('newsletter_tokens').column('subscriber_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('newsletter_tokens').execute();
    await db.schema.alterTable('newsletter_subscribers').dropColumn('confirmed_at').execute();
  },
};
