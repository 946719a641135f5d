import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { firstShopPages, firstShopPagesWrittenAt } from '../seed/first-shop-pages.ts';

/** What the database says when a published version is touched. */
const onlyAdded = 'a published page version is kept as it is';

/** Tables whose changes now drop the kept public answers too: a page's versions, and the settings its text is filled from. */
const pageTables = ['shop_page_versions', 'shop_settings'];

/**
 * The pages the owner writes (issue 29, ADR 044):
 * - `shop_page_versions`: every published version of each page, numbered from 1 per page, never
 *   changed nor deleted (the database refuses it, as it does for the audit trail), so that an order's
 *   accepted terms can always be read as they were. The page's current version is its highest.
 * - `orders.terms_version`: the version of the terms in force when the order was placed, set by the
 *   server; null for the orders placed before there were versions.
 * - The first version of each page (server/db/seed/first-shop-pages.ts), so that a shop has them.
 * - The catalogue's version (migration 017) goes up with a page's publish and with any change of the
 *   shop's settings (the returns page shows the return window), so that the kept pages and answers
 *   are dropped on every process, as the catalogue's are.
 */
export const shopPagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('shop_page_versions')
      .addColumn('slug', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().check(sql`version >= 1`))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('published_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('shop_page_versions_pk', ['slug', 'version'])
      .execute();
    await db.schema.alterTable('orders').addColumn('terms_version', 'integer').execute();

    for (const [slug, page] of Object.entries(firstShopPages)) {
      await sql`insert into shop_page_versions (slug, version, title, body, published_at) values (${slug}, 1, ${page.title}, ${page.body}, ${firstShopPagesWrittenAt})`.execute(db);
    }

    if (isPostgres(db)) {
      await sql`
        create function refuse_page_version_change() returns trigger language plpgsql as $$
        begin
          raise exception '${sql.raw(onlyAdded)}';
        end $$`.execute(db);
      await sql`create trigger shop_page_versions_kept before update or delete on shop_page_versions for each row execute function refuse_page_version_change()`.execute(db);
      await sql`create trigger shop_page_versions_never_truncated before truncate on shop_page_versions for each statement execute function refuse_page_version_change()`.execute(
        db,
      );
      // Migration 028's bump: once per transaction, at its commit.
      for (const table of pageTables) {
        await sql`
          create constraint trigger ${sql.id(`${table}_catalogue_version`)} after insert or update or delete on ${sql.id(table)}
          deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
      }
      return;
    }
    await sql.raw(`create trigger shop_page_versions_never_changed before update on shop_page_versions begin select raise(abort, '${onlyAdded}'); end`).execute(db);
    await sql.raw(`create trigger shop_page_versions_never_deleted before delete on shop_page_versions begin select raise(abort, '${onlyAdded}'); end`).execute(db);
    for (const table of pageTables) {
      for (const change of ['insert', 'update', 'delete']) {
        await sql`
          create trigger ${sql.id(`${table}_${change}_catalogue_version`)} after ${sql.raw(change)} on ${sql.id(table)}
          begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      for (const table of pageTables) await sql`drop trigger ${sql.id(`${table}_catalogue_version`)} on ${sql.id(table)}`.execute(db);
      await sql`drop trigger shop_page_versions_kept on shop_page_versions`.execute(db);
      await sql`drop trigger shop_page_versions_never_truncated on shop_page_versions`.execute(db);
      await sql`drop function refuse_page_version_change()`.execute(db);
    } else {
      for (const table of pageTables) {
        for (const change of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${table}_${change}_catalogue_version`)}`.execute(db);
      }
      await sql`drop trigger shop_page_versions_never_changed`.execute(db);
      await sql`drop trigger shop_page_versions_never_deleted`.execute(db);
    }
    await db.schema.alterTable('orders').dropColumn('terms_version').execute();
    await db.schema.dropTable('shop_page_versions').execute();
  },
};
