import { type Kysely, type Migration, sql } from 'kysely';

/** The columns of a structured shipping address on an order or a checkout, all null for none. */
const shippingColumns = ['ship_name', 'ship_line1', 'ship_line2', 'ship_city', 'ship_region', 'ship_postal_code', 'ship_country'] as const;

/**
 * Postal addresses (ADR 030).
 * - `addresses`: a customer's address book, at most one default each (`addresses_one_default_idx`),
 *   read newest first through `addresses_user_created_idx`.
 * - `orders` and `checkouts` gain the structured shipping address: name, two street lines, city,
 *   region (ISO 3166-2), postal code and country (ISO 3166-1 alpha-2). `adress` keeps the address on one
 *   line, as the specification's field shows it. An address typed as free text before this migration is
 *   kept as its first line, under the customer's name, with the country unknown (null): the admin's order
 *   page marks it for checking before the parcel goes.
 */
export const postalAddressesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('addresses')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('line1', 'text', (col) => col.notNull())
      .addColumn('line2', 'text')
      .addColumn('city', 'text', (col) => col.notNull())
      .addColumn('region', 'text')
      .addColumn('postal_code', 'text')
      .addColumn('country', 'text', (col) => col.notNull())
      .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('addresses_user_created_idx').on('addresses').columns(['user_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('addresses_one_default_idx').on('addresses').column('user_id').unique().where(sql.ref('is_default'), '=', 1).execute();

    for (const table of ['orders', 'checkouts']) {
      for (const column of shippingColumns) await db.schema.alterTable(table).addColumn(column, 'text').execute();
      await sql`update ${sql.table(table)} set ship_name = customer_name, ship_line1 = adress`.execute(db);
    }
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['checkouts', 'orders']) for (const column of [...shippingColumns].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
    await db.schema.dropTable('addresses').execute();
  },
};
