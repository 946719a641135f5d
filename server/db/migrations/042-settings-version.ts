import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** The tables whose rows price an order (zones, rates, tax, the settings) or say which terms it accepts. */
const pricingTables = ['shop_settings', 'shipping_zones', 'shipping_zone_areas', 'shipping_rates', 'tax_rates', 'shop_page_versions'];

/**
 * One number that goes up, in the same transaction, whenever what prices an order or the terms in
 * force change: every server process keeps them in memory while the number stays the same
 * (server/modules/pricing/pricing-tables-cache.ts), as it keeps the catalogue's answers by migration
 * 017's. Only the admin's settings and page publishes write these tables, so nothing waits on the
 * row but them.
 */
export const settingsVersionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('settings_version')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'bigint', (col) => col.notNull())
      .execute();
    await sql`insert into settings_version (id, version) values (1, 0)`.execute(db);

    if (isPostgres(db)) {
      await sql`
        create function bump_settings_version() returns trigger language plpgsql as $$
        begin
          update settings_version set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
      // Once per statement: replacing a whole table (delete every row, insert the new ones) raises it
      // once or twice, not once a row.
      for (const table of pricingTables) {
        await sql`
          create trigger ${sql.id(`${table}_settings_version`)} after insert or update or delete on ${sql.id(table)}
          for each statement execute function bump_settings_version()`.execute(db);
      }
      return;
    }
    for (const table of pricingTables) {
      for (const change of ['insert', 'update', 'delete']) {
        await sql`
          create trigger ${sql.id(`${table}_${change}_settings_version`)} after ${sql.raw(change)} on ${sql.id(table)}
          begin update settings_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },

  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      for (const table of pricingTables) await sql`drop trigger ${sql.id(`${table}_settings_version`)} on ${sql.id(table)}`.execute(db);
      await sql`drop function bump_settings_version()`.execute(db);
    } else {
      for (const table of pricingTables) {
        for (const change of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${table}_${change}_settings_version`)}`.execute(db);
      }
    }
    await db.schema.dropTable('settings_version').execute();
  },
};
