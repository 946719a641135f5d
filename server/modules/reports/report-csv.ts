import type { ProductsReport, SalesReport, TaxReport } from '../../../common/schemas/reports.ts';
import { csvLine } from '../../csv.ts';

/** Dollars as a spreadsheet reads them: two decimals, no currency sign. */
const money = (dollars: number) => dollars.toFixed(2);

/** One row per period: its figures, then those of the period it is compared with. */
export function salesCsv(report: SalesReport): string {
  const header = ['Period start', 'Period end', 'Orders', 'Gross sales', 'Refunds', 'Net revenue', 'Average order value', 'Units'];
  const figures = (f: SalesReport['totals']) => [String(f.orders), money(f.grossSales), money(f.refunds), money(f.netRevenue), money(f.averageOrderValue), String(f.units)];
  const previousHeader = header.map((name) => `Previous ${name.charAt(0).toLowerCase()}${name.slice(1)}`);
  const rows = report.periods.map((period) => [
    period.start,
    period.end,
    ...figures(period.figures),
    ...(period.previous ? [period.previous.start, period.previous.end, ...figures(period.previous.figures)] : header.map(() => '')),
  ]);
  const totals = [report.from, report.to, ...figures(report.totals), report.previous.from, report.previous.to, ...figures(report.previousTotals)];
  return [header.concat(previousHeader), ...rows, totals].map(csvLine).join('');
}

/** Products by revenue, then categories, told apart by the first column. */
export function productsCsv(report: ProductsReport): string {
  const rows = [
    ['Kind', 'Id', 'Name', 'Units', 'Revenue'],
    ...report.byRevenue.map((product) => ['Product', product.productId, product.product, String(product.units), money(product.revenue)]),
    ...report.categories.map((category) => ['Category', category.category, category.name, String(category.units), money(category.revenue)]),
  ];
  return rows.map(csvLine).join('');
}

/** One row per destination and rate, and their total. */
export function taxCsv(report: TaxReport): string {
  const figures = (f: TaxReport['totals']) => [String(f.orders), money(f.taxableSales), money(f.tax), money(f.refundedTax), money(f.netTax), money(f.shipping), money(f.discounts)];
  const rows = [
    ['Country', 'Region', 'Collected at the workshop', 'Rate %', 'Orders', 'Taxable sales', 'Tax charged', 'Tax refunded', 'Net tax', 'Shipping', 'Discounts'],
    ...report.rows.map((row) => [row.country, row.region, row.collected ? 'yes' : 'no', String(row.rate), ...figures(row)]),
    ['Total', '', '', '', ...figures(report.totals)],
  ];
  return rows.map(csvLine).join('');
}
