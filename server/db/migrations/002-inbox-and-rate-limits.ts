import type { Kysely, Migration } from 'kysely';

/** The home page's newsletter and contact forms, and request counts shared by every server process. */
export const inboxAndRateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('newsletter_subscribers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('newsletter_subscribers_created_at_idx').on('newsletter_subscribers').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('requirement', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_created_at_idx').on('contact_messages').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('reset_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_hits_reset_at_idx').on('rate_limit_hits').column('reset_at').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['rate_limit_hits', 'contact_messages', 'newsletter_subscribers']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
