import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** The changes that can end a signed-in session or change who it is: better-auth's tables. */
const watched = [
  { table: 'session', changes: ['update', 'delete'] },
  { table: 'user', changes: ['update', 'delete'] },
] as const;

/**
 * One number that goes up, in the same transaction, whenever a session is ended or changed (a sign-out,
 * "sign out everywhere else", a password change, an address proved by its owner, an expiry refreshed)
 * or an account is changed or deleted (a role given or taken, an address confirmed). Every server
 * process keeps who is signed in with a session cookie while the number stays the same (ADR 023).
 * A new session (a sign-in) does not raise it: no one was signed in with it before.
 */
export const accountVersionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_version')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'bigint', (col) => col.notNull())
      .execute();
    await sql`insert into account_version (id, version) values (1, 0)`.execute(db);

    if (isPostgres(db)) {
      await sql`
        create function bump_account_version() returns trigger language plpgsql as $$
        begin
          -- The catalogue's version row first, as every trigger of this kind takes it (migrations 017
          -- and 018): these rows are always taken in the same order, so no two commits wait on each other.
          perform 1 from catalogue_version where id = 1 for update;
          update account_version set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
      for (const { table, changes } of watched) {
        await sql`
          create constraint trigger ${sql.id(`${table}_account_version`)} after ${sql.raw(changes.join(' or '))} on ${sql.id(table)}
          deferrable initially deferred for each row execute function bump_account_version()`.execute(db);
      }
      return;
    }
    for (const { table, changes } of watched) {
      for (const change of changes) {
        await sql`
          create trigger ${sql.id(`${table}_${change}_account_version`)} after ${sql.raw(change)} on ${sql.id(table)}
          begin update account_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      for (const { table } of watched) await sql`drop trigger ${sql.id(`${table}_account_version`)} on ${sql.id(table)}`.execute(db);
      await sql`drop function bump_account_version()`.execute(db);
    } else {
      for (const { table, changes } of watched) {
        for (const change of changes) await sql`drop trigger ${sql.id(`${table}_${change}_account_version`)}`.execute(db);
      }
    }
    await db.schema.dropTable('account_version').execute();
  },
};
