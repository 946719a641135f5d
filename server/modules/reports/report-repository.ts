import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type KeptPeriods, wholePeriodOf } from './kept-periods.ts';

/** One day's kept figures, in cents and pieces. */
export interface SalesDay {
  day: string;
  orders: number;
  grossCents: number;
  refundedCents: number;
  units: number;
  refundedUnits: number;
}

/** A product's or category's figures over a range, net of refunds. */
export interface SoldItem {
  key: string;
  name: string;
  units: number;
  revenueCents: number;
}

/** The best sellers of a range, by units and by revenue. */
export interface BestSellers {
  byUnits: SoldItem[];
  byRevenue: SoldItem[];
}

export interface TaxRow {
  country: string;
  region: string;
  collected: boolean;
  ratePpm: number;
  orders: number;
  taxableCents: number;
  taxCents: number;
  refundedTaxCents: number;
  shippingCents: number;
  discountCents: number;
}

/** A sum PostgreSQL answers as text (a bigint's sum is numeric). */
const total = (expression: string) => sql<number | string>`coalesce(sum(${sql.raw(expression)}), 0)`;

/**
 * The sales reports' reads (ADR 041), each from the figures kept per day (migration 031): at most a
 * row per day, or per product, category or destination and rate sold that day, found by the day that
 * leads each table's primary key. Ranges are UTC days, both ends included.
 */
export function createReportRepository(db: Database) {
  return {
    async salesDays(from: string, to: string): Promise<SalesDay[]> {
      const rows = await db.selectFrom('sales_days').selectAll().where('day', '>=', from).where('day', '<=', to).orderBy('day').execute();
      return rows.map((row) => ({
        day: row.day,
        orders: Number(row.orders),
        grossCents: Number(row.gross_cents),
        refundedCents: Number(row.refunded_cents),
        units: Number(row.units),
        refundedUnits: Number(row.refunded_units),
      }));
    },

    /**
     * The `limit` products that sold the most units, and the `limit` that brought the most revenue
     * (ties by id), over the kept periods of a range, exactly as adding up its days would rank them.
     * - One whole month or year: read from its ranking indexes, `limit` rows each, nothing added up.
     * - One whole month or year and some days (the last 30 days): the days' rows are added up once;
     *   the products they name are ranked with the period's figures added (found by its key), the
     *   others by the period's alone, of which only its first `limit` not named by the days (read
     *   from its ranking index) can rank among the first `limit`.
     * - Anything else: the years', months' and days' rows added up once, both rankings from that sum.
     */
    async bestSellers(periods: KeptPeriods, limit: number): Promise<BestSellers> {
      const whole = wholePeriodOf(periods);
      const [table, key, period] = !whole
        ? []
        : 'year' in whole
          ? (['sales_product_years', 'year', whole.year] as const)
          : (['sales_product_months', 'month', whole.month] as const);
      const dayPieces = periods.days.map(
        ([from, to]) => sql`select product_id, product, units - refunded_units as units, revenue_cents - refunded_cents as revenue
          from sales_product_days where day >= ${from} and day <= ${to}`,
      );
      let sold;
      let ranked: (by: 'units' | 'revenue') => RawBuilder<unknown>;
      if (table && dayPieces.length === 0) {
        const byIndex = (by: 'units' | 'revenue_cents') =>
          db.selectFrom(table).select(['product_id', 'product', 'units', 'revenue_cents']).where(key, '=', period).orderBy(by, 'desc').orderBy('product_id').limit(limit).execute();
        const [byUnits, byRevenue] = await Promise.all([byIndex('units'), byIndex('revenue_cents')]);
        const item = (row: (typeof byUnits)[number]): SoldItem => ({ key: row.product_id, name: row.product, units: Number(row.units), revenueCents: Number(row.revenue_cents) });
        return { byUnits: byUnits.map(item), byRevenue: byRevenue.map(item) };
      } else if (table) {
        sold = sql`days_sold as materialized (
            select product_id, max(product) as product, sum(units) as units, sum(revenue) as revenue
            from (${sql.join(dayPieces, sql` union all `)}) as pieces group by product_id
          ),
          sold as materialized (
            select d.product_id, case when p.product > d.product then p.product else d.product end as product,
              d.units + coalesce(p.units, 0) as units, d.revenue + coalesce(p.revenue_cents, 0) as revenue
            from days_sold d left join ${sql.table(table)} p on p.${sql.ref(key)} = ${period} and p.product_id = d.product_id
          )`;
        ranked = (by) => sql`select product_id, product, units, revenue from sold
          union all
          select * from (select product_id, product, units, revenue_cents as revenue from ${sql.table(table)}
            where ${sql.ref(key)} = ${period} and product_id not in (select product_id from days_sold)
            order by ${sql.ref(by === 'units' ? 'units' : 'revenue_cents')} desc, product_id limit ${limit}) as rest`;
      } else {
        const pieces = [
          ...dayPieces,
          ...(periods.months.length > 0
            ? [sql`select product_id, product, units, revenue_cents as revenue from sales_product_months where month in (${sql.join(periods.months)})`]
            : []),
          ...(periods.years.length > 0
            ? [sql`select product_id, product, units, revenue_cents as revenue from sales_product_years where year in (${sql.join(periods.years)})`]
            : []),
        ];
        if (pieces.length === 0) return { byUnits: [], byRevenue: [] };
        sold = sql`sold as materialized (
            select product_id, max(product) as product, sum(units) as units, sum(revenue) as revenue
            from (${sql.join(pieces, sql` union all `)}) as pieces group by product_id
          )`;
        ranked = () => sql`select product_id, product, units, revenue from sold`;
      }
      // What is added up is added up once (a CTE named twice is computed once on both databases), then ranked twice.
      const ranking = (by: 'units' | 'revenue') =>
        sql`select * from (select ${sql.lit(by)} as ranking, product_id, product, units, revenue from (${ranked(by)}) as ranked
          order by ${sql.ref(by)} desc, product_id limit ${limit}) as ${sql.raw(`by_${by}`)}`;
      const { rows } = await sql<{ ranking: 'units' | 'revenue'; product_id: string; product: string; units: number | string; revenue: number | string }>`
        with ${sold} ${ranking('units')} union all ${ranking('revenue')}`.execute(db);
      const items = (by: 'units' | 'revenue') =>
        rows.filter((row) => row.ranking === by).map((row) => ({ key: row.product_id, name: row.product, units: Number(row.units), revenueCents: Number(row.revenue) }));
      return { byUnits: items('units'), byRevenue: items('revenue') };
    },

    /** Every category sold in the range, with the owner's name for it (the slug once it is gone). */
    async categories(from: string, to: string): Promise<SoldItem[]> {
      const rows = await db
        .selectFrom('sales_category_days')
        .select(['category', total('units - refunded_units').as('units'), total('revenue_cents - refunded_cents').as('revenue')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('category')
        .execute();
      const names = new Map((await db.selectFrom('categories').select(['slug', 'name']).execute()).map((row) => [row.slug, row.name]));
      return rows.map((row) => ({ key: row.category, name: names.get(row.category) ?? row.category, units: Number(row.units), revenueCents: Number(row.revenue) }));
    },

    async tax(from: string, to: string): Promise<TaxRow[]> {
      const rows = await db
        .selectFrom('sales_tax_days')
        .select([
          'country',
          'region',
          'collected',
          'rate_ppm',
          total('orders').as('orders'),
          total('taxable_cents - refunded_taxable_cents').as('taxable'),
          total('tax_cents').as('tax'),
          total('refunded_tax_cents').as('refunded_tax'),
          total('shipping_cents').as('shipping'),
          total('discount_cents').as('discount'),
        ])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['country', 'region', 'collected', 'rate_ppm'])
        .orderBy('country')
        .orderBy('region')
        .orderBy('collected')
        .orderBy('rate_ppm')
        .execute();
      return rows.map((row) => ({
        country: row.country,
        region: row.region,
        collected: row.collected === 1,
        ratePpm: row.rate_ppm,
        orders: Number(row.orders),
        taxableCents: Number(row.taxable),
        taxCents: Number(row.tax),
        refundedTaxCents: Number(row.refunded_tax),
        shippingCents: Number(row.shipping),
        discountCents: Number(row.discount),
      }));
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
