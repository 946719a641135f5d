import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** The tables whose rows the public catalogue's answers are made of. */
const catalogueTables = ['products', 'reviews', 'product_pictures'];

/**
 * One number that goes up, in the same transaction, whenever a row the public catalogue shows is
 * added, changed or deleted, whoever changes it: an admin's edit, a review, a sale taking stock, a
 * refund putting it back. Every server process keeps the catalogue's answers in memory while the
 * number stays the same (ADR 019). Being a row, it becomes visible with the change it counts, never
 * before it.
 */
export const catalogueVersionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalogue_version')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'bigint', (col) => col.notNull())
      .execute();
    await sql`insert into catalogue_version (id, version) values (1, 0)`.execute(db);

    if (isPostgres(db)) {
      await sql`
        create function bump_catalogue_version() returns trigger language plpgsql as $$
        begin
          update catalogue_version set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
      // Deferred to the commit: the version row is the last lock a transaction takes, so that two
      // checkouts taking several products' stock can never each hold what the other waits for.
      for (const table of catalogueTables) {
        await sql`
          create constraint trigger ${sql.id(`${table}_catalogue_version`)} after insert or update or delete on ${sql.id(table)}
          deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
      }
      return;
    }
    for (const table of catalogueTables) {
      for (const change of ['insert', 'update', 'delete']) {
        await sql`
          create trigger ${sql.id(`${table}_${change}_catalogue_version`)} after ${sql.raw(change)} on ${sql.id(table)}
          begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      for (const table of catalogueTables) await sql`drop trigger ${sql.id(`${table}_catalogue_version`)} on ${sql.id(table)}`.execute(db);
      await sql`drop function bump_catalogue_version()`.execute(db);
    } else {
      for (const table of catalogueTables) {
        for (const change of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${table}_${change}_catalogue_version`)}`.execute(db);
      }
    }
    await db.schema.dropTable('catalogue_version').execute();
  },
};
