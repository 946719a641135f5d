import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The key of a handled processor event can never be NULL. PostgreSQL's primary keys are NOT NULL
 * already; SQLite lets a text primary key hold NULL, so there the table is rebuilt with the
 * constraint, keeping every event that has a key (one without could never match a repeat anyway).
 */
export const webhookEventKeyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`alter table processed_webhook_events alter column id set not null`.execute(db);
      return;
    }
    await db.schema
      .createTable('processed_webhook_events_keyed')
      .addColumn('id', 'text', (col) => col.primaryKey().notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await sql`insert into processed_webhook_events_keyed (id, type, created_at) select id, type, created_at from processed_webhook_events where id is not null`.execute(db);
    await db.schema.dropTable('processed_webhook_events').execute();
    await db.schema.alterTable('processed_webhook_events_keyed').renameTo('processed_webhook_events').execute();
  },

  // The constraint stays: no handled event ever lacked a key on purpose.
  async down() {},
};
