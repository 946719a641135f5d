import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * What a real shop charges (issue 26, ADR 038):
 * - products get a weight in grams (0 until the admin gives one) and optional dimensions;
 * - the admin's tables: shipping zones (the countries and regions they cover) with their rates, tax
 *   rates per country or region, and the shop's settings (prices with or without tax, the seller,
 *   collecting at the workshop);
 * - discount codes with what limits them, and a redemption per order holding a use of its code;
 * - an order keeps how it is sent, its code, whether it was a guest's, a business buyer's VAT number,
 *   and each line its share of the discount, its tax rate and tax, and its total;
 * - invoices and credit notes, each numbered from a gapless series per year (`document_series`).
 * Orders placed before keep their amounts: a line's total is its price, nothing was discounted or taxed.
 */
/** What the database says when an issued document is touched. */
const neverChanged = 'an issued invoice or credit note never changes';

/**
 * An issued invoice or credit note stays as it was issued: the database refuses to delete one, or to
 * change anything of it but its PDF, which is kept once (from none to the drawing).
 */
async function refuseChanges(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create or replace function refuse_document_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' or old.pdf is not null or (to_jsonb(new) - 'pdf') is distinct from (to_jsonb(old) - 'pdf') then
          raise exception '${sql.raw(neverChanged)}';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger ${sql.id(`${table}_never_change`)} before update or delete on ${sql.id(table)} for each row execute function refuse_document_change()`.execute(db);
    return;
  }
  const columns =
    table === 'invoices'
      ? ['id', 'number', 'order_id', 'issued_at', 'total_cents', 'tax_cents', 'document']
      : ['id', 'number', 'refund_id', 'order_id', 'invoice_id', 'issued_at', 'amount_cents', 'tax_cents', 'document'];
  const changed = columns.map((column) => `new.${column} is not old.${column}`).join(' or ');
  await sql
    .raw(`create trigger ${table}_never_change before update on ${table} when ${changed} or old.pdf is not null begin select raise(abort, '${neverChanged}'); end`)
    .execute(db);
  await sql.raw(`create trigger ${table}_never_deleted before delete on ${table} begin select raise(abort, '${neverChanged}'); end`).execute(db);
}

async function allowChanges(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger ${sql.id(`${table}_never_change`)} on ${sql.id(table)}`.execute(db);
    return;
  }
  await sql.raw(`drop trigger ${table}_never_change`).execute(db);
  await sql.raw(`drop trigger ${table}_never_deleted`).execute(db);
}

export const chargesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const bytes = isPostgres(db) ? 'bytea' : 'blob';

    await db.schema
      .alterTable('products')
      .addColumn('weight_grams', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    for (const column of ['length_mm', 'width_mm', 'height_mm']) await db.schema.alterTable('products').addColumn(column, 'integer').execute();

    await db.schema
      .createTable('shipping_zones')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .execute();
    // One zone per region, and per whole country ('' for the whole country): an address has one zone.
    await db.schema
      .createTable('shipping_zone_areas')
      .addColumn('zone_id', 'text', (col) => col.notNull().references('shipping_zones.id').onDelete('cascade'))
      .addColumn('country', 'text', (col) => col.notNull())
      .addColumn('region', 'text', (col) => col.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('shipping_zone_areas_pk', ['country', 'region'])
      .execute();
    await db.schema.createIndex('shipping_zone_areas_zone_idx').on('shipping_zone_areas').column('zone_id').execute();
    await db.schema
      .createTable('shipping_rates')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('zone_id', 'text', (col) => col.notNull().references('shipping_zones.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
      .addColumn('min_weight_grams', 'integer')
      .addColumn('max_weight_grams', 'integer')
      .addColumn('free_over_cents', 'integer')
      .execute();
    await db.schema.createIndex('shipping_rates_zone_idx').on('shipping_rates').columns(['zone_id', 'position']).execute();

    await db.schema
      .createTable('tax_rates')
      .addColumn('country', 'text', (col) => col.notNull())
      .addColumn('region', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('rate_ppm', 'integer', (col) => col.notNull().check(sql`rate_ppm between 0 and 1000000`))
      .addColumn('tax_shipping', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('tax_rates_pk', ['country', 'region'])
      .execute();

    await db.schema
      .createTable('shop_settings')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('discount_codes')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('percent', 'amount', 'free_shipping')`))
      .addColumn('value', 'integer', (col) => col.notNull())
      .addColumn('min_subtotal_cents', 'integer')
      .addColumn('starts_at', 'text')
      .addColumn('ends_at', 'text')
      .addColumn('max_uses', 'integer')
      .addColumn('max_uses_per_customer', 'integer')
      // Orders holding a use: raised by the transaction that places one, only while below max_uses.
      .addColumn('used_count', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`used_count >= 0 and (max_uses is null or used_count <= max_uses)`),
      )
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('discount_code_products')
      .addColumn('code', 'text', (col) => col.notNull().references('discount_codes.code').onDelete('cascade'))
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('discount_code_products_pk', ['code', 'product_id'])
      .execute();
    await db.schema
      .createTable('discount_code_categories')
      .addColumn('code', 'text', (col) => col.notNull().references('discount_codes.code').onDelete('cascade'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('discount_code_categories_pk', ['code', 'category'])
      .execute();
    // The use an open or paid order holds of its code; removed when the order is cancelled. The
    // customer is the order's e-mail address in lower case, for a signed-in customer and a guest alike.
    await db.schema
      .createTable('discount_redemptions')
      .addColumn('order_id', 'text', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('code', 'text', (col) => col.notNull().references('discount_codes.code').onDelete('cascade'))
      .addColumn('customer', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('discount_redemptions_customer_idx').on('discount_redemptions').columns(['code', 'customer']).execute();

    for (const column of ['shipping_rate_id', 'shipping_rate_name', 'shipping_kind', 'pickup_address', 'discount_code', 'buyer_vat_number', 'buyer_company', 'invoice_number']) {
      await db.schema.alterTable('orders').addColumn(column, 'text').execute();
    }
    for (const column of ['shipping_discount_cents', 'shipping_tax_cents', 'shipping_tax_rate_ppm', 'tax_included', 'reverse_charge', 'is_guest', 'weight_grams']) {
      await db.schema
        .alterTable('orders')
        .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    }
    // A guest's orders are found by their address when an account with it is confirmed.
    await db.schema.createIndex('orders_guest_email_idx').on('orders').column('email').where(sql.ref('is_guest'), '=', 1).execute();

    for (const column of ['discount_cents', 'tax_rate_ppm', 'tax_cents', 'total_cents', 'weight_grams']) {
      await db.schema
        .alterTable('order_lines')
        .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    }
    await sql`update order_lines set total_cents = price_cents`.execute(db);
    await db.schema.alterTable('order_lines').addColumn('category', 'text').execute();

    // Per kind (INV, CN) and year, the last number given: raised in the transaction that issues a document.
    await db.schema
      .createTable('document_series')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('year', 'integer', (col) => col.notNull())
      .addColumn('last_number', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('document_series_pk', ['kind', 'year'])
      .execute();
    await db.schema
      .createTable('invoices')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('number', 'text', (col) => col.notNull().unique())
      .addColumn('order_id', 'text', (col) => col.notNull().unique().references('orders.id'))
      .addColumn('issued_at', 'text', (col) => col.notNull())
      .addColumn('total_cents', 'integer', (col) => col.notNull())
      .addColumn('tax_cents', 'integer', (col) => col.notNull())
      // Everything the PDF shows, as it was when the invoice was issued (JSON): the PDF is drawn from it once.
      .addColumn('document', 'text', (col) => col.notNull())
      .addColumn('pdf', bytes)
      .execute();
    await db.schema
      .createTable('credit_notes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('number', 'text', (col) => col.notNull().unique())
      .addColumn('refund_id', 'text', (col) => col.notNull().unique().references('refunds.id'))
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      .addColumn('invoice_id', 'text', (col) => col.references('invoices.id'))
      .addColumn('issued_at', 'text', (col) => col.notNull())
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('tax_cents', 'integer', (col) => col.notNull())
      .addColumn('document', 'text', (col) => col.notNull())
      .addColumn('pdf', bytes)
      .execute();
    await db.schema.createIndex('credit_notes_order_idx').on('credit_notes').column('order_id').execute();
    for (const table of ['invoices', 'credit_notes']) await refuseChanges(db, table);
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['invoices', 'credit_notes']) await allowChanges(db, table);
    await db.schema.dropTable('credit_notes').execute();
    await db.schema.dropTable('invoices').execute();
    await db.schema.dropTable('document_series').execute();
    await db.schema.alterTable('order_lines').dropColumn('category').execute();
    for (const column of ['discount_cents', 'tax_rate_ppm', 'tax_cents', 'total_cents', 'weight_grams']) await db.schema.alterTable('order_lines').dropColumn(column).execute();
    await db.schema.dropIndex('orders_guest_email_idx').execute();
    for (const column of [
      'shipping_rate_id',
      'shipping_rate_name',
      'shipping_kind',
      'pickup_address',
      'discount_code',
      'buyer_vat_number',
      'buyer_company',
      'invoice_number',
      'shipping_discount_cents',
      'shipping_tax_cents',
      'shipping_tax_rate_ppm',
      'tax_included',
      'reverse_charge',
      'is_guest',
      'weight_grams',
    ]) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
    for (const table of [
      'discount_redemptions',
      'discount_code_categories',
      'discount_code_products',
      'discount_codes',
      'shop_settings',
      'tax_rates',
      'shipping_rates',
      'shipping_zone_areas',
      'shipping_zones',
    ]) {
      await db.schema.dropTable(table).execute();
    }
    for (const column of ['weight_grams', 'length_mm', 'width_mm', 'height_mm']) await db.schema.alterTable('products').dropColumn(column).execute();
  },
};
