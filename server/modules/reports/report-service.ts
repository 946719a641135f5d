import { centsToDollars } from '../../../common/money.ts';
import { dayOf, percentChange, periodsOf, previousRange, reportLimits } from '../../../common/report-periods.ts';
import type { ProductsReport, ProductSales, ReportRangeQuery, SalesFigures, SalesReport, SalesReportQuery, TaxReport } from '../../../common/schemas/reports.ts';
import type { Clock } from '../../clock.ts';
import { keptPeriodsOf } from './kept-periods.ts';
import type { ReportRepository, SalesDay, SoldItem } from './report-repository.ts';

/** The figures of some days: money in cents added up before it becomes dollars, so that no cent is lost. */
function figuresOf(days: readonly SalesDay[]): SalesFigures {
  const sum = (pick: (day: SalesDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  const grossCents = sum((day) => day.grossCents);
  const refundedCents = sum((day) => day.refundedCents);
  const orders = sum((day) => day.orders);
  const netCents = grossCents - refundedCents;
  return {
    grossSales: centsToDollars(grossCents),
    refunds: centsToDollars(refundedCents),
    netRevenue: centsToDollars(netCents),
    orders,
    averageOrderValue: orders > 0 ? centsToDollars(Math.round(netCents / orders)) : 0,
    units: sum((day) => day.units - day.refundedUnits),
  };
}

const productSales = (item: SoldItem): ProductSales => ({ productId: item.key, product: item.name, units: item.units, revenue: centsToDollars(item.revenueCents) });

/**
 * The sales reports (ADR 041), read from the kept figures. The caller has checked the viewer's right.
 * The clock says which day is today: no figure is kept after it.
 */
export function createReportService(reports: ReportRepository, clock: Clock) {
  return {
    /** Each period of the range beside the period at the same place in the previous range, and the totals of both. */
    async sales({ from, to, interval }: SalesReportQuery): Promise<SalesReport> {
      const previous = previousRange(from, to);
      const days = await reports.salesDays(previous.from, to);
      const within = (start: string, end: string) => figuresOf(days.filter((day) => day.day >= start && day.day <= end));
      const previousPeriods = periodsOf(previous.from, previous.to, interval);
      const totals = within(from, to);
      const previousTotals = within(previous.from, previous.to);
      return {
        from,
        to,
        interval,
        previous,
        periods: periodsOf(from, to, interval).map((period, index) => {
          const before = previousPeriods[index];
          return { ...period, figures: within(period.start, period.end), previous: before ? { ...before, figures: within(before.start, before.end) } : null };
        }),
        totals,
        previousTotals,
        change: {
          netRevenue: percentChange(totals.netRevenue, previousTotals.netRevenue),
          orders: percentChange(totals.orders, previousTotals.orders),
          averageOrderValue: percentChange(totals.averageOrderValue, previousTotals.averageOrderValue),
          units: percentChange(totals.units, previousTotals.units),
        },
      };
    },

    /** Best sellers by units and by revenue (`limit` of each), and every category, most revenue first. */
    async products({ from, to }: ReportRangeQuery, limit: number = reportLimits.bestSellers): Promise<ProductsReport> {
      const [{ byUnits, byRevenue }, categories] = await Promise.all([reports.bestSellers(keptPeriodsOf(from, to, dayOf(clock())), limit), reports.categories(from, to)]);
      return {
        from,
        to,
        byUnits: byUnits.map(productSales),
        byRevenue: byRevenue.map(productSales),
        categories: categories
          .sort((a, b) => b.revenueCents - a.revenueCents || a.key.localeCompare(b.key))
          .map((item) => ({ category: item.key, name: item.name, units: item.units, revenue: centsToDollars(item.revenueCents) })),
      };
    },

    /** Tax per destination and rate, with the shipping and discounts of the same orders, and their totals. */
    async tax({ from, to }: ReportRangeQuery): Promise<TaxReport> {
      const rows = await reports.tax(from, to);
      const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
      const figures = (pick: <T extends keyof (typeof rows)[number]>(key: T) => number) => ({
        orders: pick('orders'),
        taxableSales: centsToDollars(pick('taxableCents')),
        tax: centsToDollars(pick('taxCents')),
        refundedTax: centsToDollars(pick('refundedTaxCents')),
        netTax: centsToDollars(pick('taxCents') - pick('refundedTaxCents')),
        shipping: centsToDollars(pick('shippingCents')),
        discounts: centsToDollars(pick('discountCents')),
      });
      return {
        from,
        to,
        rows: rows.map((row) => ({
          country: row.country,
          region: row.region,
          collected: row.collected,
          rate: row.ratePpm / 10_000,
          ...figures((key) => Number(row[key])),
        })),
        totals: figures((key) => sum((row) => Number(row[key]))),
      };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
