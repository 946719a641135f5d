import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** What the database says when a record of the audit trail is touched. */
const onlyAdded = 'the audit log is only added to';

/**
 * The audit trail (issue 28, ADR 043): `audit_log`, one row per staff action, written by the action's
 * own transaction. Who acted is kept as text (their id and e-mail, with no foreign key), so that a
 * record outlives the account and deleting an account changes no record. `detail` is JSON: what the
 * action changed, before and after.
 *
 * The database refuses every UPDATE and DELETE of a record, whoever asks: a trigger raises on
 * PostgreSQL and aborts on SQLite. Only dropping the table (this migration's `down`) removes records.
 */
export const auditLogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text', (col) => col.notNull())
      .addColumn('actor_ip', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('detail', 'text', (col) => col.notNull())
      .execute();
    // The Audit page: everything newest first, or one person's, or one kind's, each paged by keyset.
    await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('audit_log_actor_created_idx').on('audit_log').columns(['actor_email', 'created_at', 'id']).execute();
    await db.schema.createIndex('audit_log_kind_created_idx').on('audit_log').columns(['kind', 'created_at', 'id']).execute();

    if (isPostgres(db)) {
      await sql`
        create function refuse_audit_log_change() returns trigger language plpgsql as $$
        begin
          raise exception '${sql.raw(onlyAdded)}';
        end $$`.execute(db);
      await sql`create trigger audit_log_only_added before update or delete on audit_log for each row execute function refuse_audit_log_change()`.execute(db);
      // TRUNCATE fires no row trigger: it is refused by a statement trigger of its own.
      await sql`create trigger audit_log_never_truncated before truncate on audit_log for each statement execute function refuse_audit_log_change()`.execute(db);
      return;
    }
    await sql.raw(`create trigger audit_log_never_changed before update on audit_log begin select raise(abort, '${onlyAdded}'); end`).execute(db);
    await sql.raw(`create trigger audit_log_never_deleted before delete on audit_log begin select raise(abort, '${onlyAdded}'); end`).execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`drop trigger audit_log_only_added on audit_log`.execute(db);
      await sql`drop trigger audit_log_never_truncated on audit_log`.execute(db);
      await sql`drop function refuse_audit_log_change()`.execute(db);
    } else {
      await sql`drop trigger audit_log_never_changed`.execute(db);
      await sql`drop trigger audit_log_never_deleted`.execute(db);
    }
    await db.schema.dropIndex('audit_log_kind_created_idx').execute();
    await db.schema.dropIndex('audit_log_actor_created_idx').execute();
    await db.schema.dropIndex('audit_log_created_idx').execute();
    await db.schema.dropTable('audit_log').execute();
  },
};
