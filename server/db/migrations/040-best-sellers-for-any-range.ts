import type { Kysely, Migration } from 'kysely';

/**
 * The products' figures per day (migration 031) held by an index too, in the order of the table's key
 * (day, product) and with every column the best sellers read (ADR 055): a range's best sellers add up
 * its days' rows from the index alone, a run of entries, rather than finding each row in the table.
 * The same statements that keep the table keep the index (the payment's and the refund's transaction,
 * and the recount).
 */
export const bestSellersForAnyRangeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('sales_product_days_figures_idx')
      .on('sales_product_days')
      .columns(['day', 'product_id', 'product', 'units', 'refunded_units', 'revenue_cents', 'refunded_cents'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sales_product_days_figures_idx').execute();
  },
};
