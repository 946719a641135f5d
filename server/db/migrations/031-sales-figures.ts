import { type Kysely, type Migration, sql } from 'kysely';
import { salesFiguresRecount } from '../sales-figures.ts';

/** Every kept figure is a running sum: a bigint that starts at 0. */
const figure = (table: ReturnType<Kysely<unknown>['schema']['createTable']>, column: string) => table.addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0));

/**
 * The sales reports' figures (ADR 041), kept per UTC day by the payment's and each refund's own
 * transaction (the `paid` and `refunded` order events), so that a report reads at most a row per day
 * (and per product, category or tax rate sold that day), never the orders:
 * - `sales_days`: the day's paid orders, their totals, units, shipping, discounts and tax, and the
 *   refunds made that day;
 * - `sales_product_days` and `sales_category_days`: units and revenue (without tax) of each product
 *   and category, sold and refunded that day;
 * - `sales_product_months` and `sales_product_years`: each product's units and revenue net of refunds
 *   per UTC month and year, indexed by period and then units or revenue, most first;
 * - `sales_tax_days`: per destination (country, region, or collected at the workshop) and tax rate,
 *   what tax was charged on, the tax, shipping and discounts, sold and refunded that day.
 * The figures of the orders already paid are counted once, by the recount's own statements; an index
 * finds whether an order is a return's exchange, which each payment asks.
 */
/** The tables of each product's figures per UTC month (YYYY-MM) and per UTC year (YYYY). */
const productPeriods = [
  { table: 'sales_product_months', key: 'month' },
  { table: 'sales_product_years', key: 'year' },
] as const;

export const salesFiguresMigration: Migration = {
  async up(db: Kysely<unknown>) {
    let days = db.schema.createTable('sales_days').addColumn('day', 'text', (col) => col.primaryKey());
    for (const column of ['orders', 'gross_cents', 'units', 'shipping_cents', 'discount_cents', 'tax_cents', 'refunded_cents', 'refunded_units', 'refunded_tax_cents'])
      days = figure(days, column);
    await days.execute();

    let products = db.schema
      .createTable('sales_product_days')
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('product_id', 'text', (col) => col.notNull())
      .addColumn('product', 'text', (col) => col.notNull());
    for (const column of ['units', 'revenue_cents', 'refunded_units', 'refunded_cents']) products = figure(products, column);
    await products.addPrimaryKeyConstraint('sales_product_days_pk', ['day', 'product_id']).execute();

    // Each product's figures per UTC month and year, net of refunds, ranked by the indexes that lead
    // with the period: a range that is one whole month or year reads its best sellers from them.
    for (const { table, key } of productPeriods) {
      let periods = db.schema
        .createTable(table)
        .addColumn(key, 'text', (col) => col.notNull())
        .addColumn('product_id', 'text', (col) => col.notNull())
        .addColumn('product', 'text', (col) => col.notNull());
      for (const column of ['units', 'revenue_cents']) periods = figure(periods, column);
      await periods.addPrimaryKeyConstraint(`${table}_pk`, [key, 'product_id']).execute();
      for (const ranking of ['units', 'revenue_cents'])
        await db.schema
          .createIndex(`${table}_${ranking}_idx`)
          .on(table)
          .columns([key, `${ranking} desc`, 'product_id'])
          .execute();
    }

    let categories = db.schema
      .createTable('sales_category_days')
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull());
    for (const column of ['units', 'revenue_cents', 'refunded_units', 'refunded_cents']) categories = figure(categories, column);
    await categories.addPrimaryKeyConstraint('sales_category_days_pk', ['day', 'category']).execute();

    let tax = db.schema
      .createTable('sales_tax_days')
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('country', 'text', (col) => col.notNull())
      .addColumn('region', 'text', (col) => col.notNull())
      .addColumn('collected', 'integer', (col) => col.notNull())
      .addColumn('rate_ppm', 'integer', (col) => col.notNull());
    for (const column of ['orders', 'taxable_cents', 'tax_cents', 'shipping_cents', 'discount_cents', 'refunded_taxable_cents', 'refunded_tax_cents']) tax = figure(tax, column);
    await tax.addPrimaryKeyConstraint('sales_tax_days_pk', ['day', 'country', 'region', 'collected', 'rate_ppm']).execute();

    // A payment asks whether its order is a return's exchange (which counts no order nor pieces).
    await db.schema.createIndex('returns_exchange_order_idx').on('returns').column('exchange_order_id').execute();

    // What was paid and refunded before the shop kept these figures, counted once.
    for (const statement of salesFiguresRecount) await sql.raw(statement).execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('returns_exchange_order_idx').execute();
    for (const { table } of productPeriods) {
      for (const ranking of ['units', 'revenue_cents']) await db.schema.dropIndex(`${table}_${ranking}_idx`).execute();
      await db.schema.dropTable(table).execute();
    }
    for (const table of ['sales_tax_days', 'sales_category_days', 'sales_product_days', 'sales_days']) await db.schema.dropTable(table).execute();
  },
};
