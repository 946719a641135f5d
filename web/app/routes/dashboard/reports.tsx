import type { ReactNode } from 'react';
import { useState } from 'react';
import { dayOf, type ReportRange, rangeOf } from '../../../../common/report-periods.ts';
import type { ReportForm, SalesReportQuery } from '../../../../common/schemas/reports.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { reportCsvUrl, useCartsReport, useProductsReport, useSalesReport, useTaxReport } from '../../../features/reports/api/report-queries.ts';
import { CartComebacks } from '../../../features/reports/components/cart-comebacks.tsx';
import { BestSellers, CategorySales } from '../../../features/reports/components/product-sales.tsx';
import { ReportFilters } from '../../../features/reports/components/report-filters.tsx';
import { rangeLabel } from '../../../features/reports/components/report-format.ts';
import { SalesChart, SalesHeadlines, SalesTable } from '../../../features/reports/components/sales-comparison.tsx';
import { TaxSummary } from '../../../features/reports/components/tax-summary.tsx';

const comparisons: Record<Exclude<ReportRange, 'custom'>, string> = {
  'this-month': 'This month vs last month',
  'last-month': 'Last month vs the month before',
  'last-30-days': 'Last 30 days vs the 30 days before',
  'this-year': 'This year vs last year',
};

/** A section of the page: its title, its CSV link, and what it shows. */
function ReportSection({ id, title, csv, children }: { id: string; title: string; csv?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="font-display text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {csv && (
          <a href={csv} download className="btn btn-outline btn-sm">
            Export CSV
          </a>
        )}
      </div>
      {children}
    </section>
  );
}

const loading = (what: string) => <div className="skeleton h-48 w-full rounded-xl" aria-label={`Loading ${what}`} />;

function Sales({ query, comparison }: { query: SalesReportQuery; comparison: string | undefined }) {
  const sales = useSalesReport(query);
  if (sales.isPending) return loading('the sales');
  if (sales.isError) return <ErrorState title="We could not load the sales" error={sales.error} onRetry={() => void sales.refetch()} />;
  const report = sales.data;
  const compared = `${rangeLabel(report.from, report.to)} against ${rangeLabel(report.previous.from, report.previous.to)}`;
  return (
    <>
      <div>
        <h3 className="text-lg font-semibold text-stone-900">{comparison ?? compared}</h3>
        {comparison && <p className="text-sm text-stone-600">{compared}</p>}
      </div>
      <SalesHeadlines report={report} comparison={comparison ?? compared} />
      <SalesChart report={report} />
      <SalesTable report={report} />
    </>
  );
}

function Products({ query }: { query: { from: string; to: string } }) {
  const products = useProductsReport(query);
  if (products.isPending) return loading('the best sellers');
  if (products.isError) return <ErrorState title="We could not load the best sellers" error={products.error} onRetry={() => void products.refetch()} />;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div className="space-y-3">
        <h3 className="font-semibold text-stone-900">Best sellers</h3>
        <BestSellers report={products.data} />
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold text-stone-900">Sales by category</h3>
        <CategorySales report={products.data} />
      </div>
    </div>
  );
}

function Carts({ query }: { query: { from: string; to: string } }) {
  const carts = useCartsReport(query);
  if (carts.isPending) return loading('the carts');
  if (carts.isError) return <ErrorState title="We could not load the carts" error={carts.error} onRetry={() => void carts.refetch()} />;
  return <CartComebacks report={carts.data} />;
}

function Tax({ query }: { query: { from: string; to: string } }) {
  const tax = useTaxReport(query);
  if (tax.isPending) return loading('the tax');
  if (tax.isError) return <ErrorState title="We could not load the tax" error={tax.error} onRetry={() => void tax.refetch()} />;
  return <TaxSummary report={tax.data} />;
}

/**
 * The owner's sales reports (ADR 041): this range against the previous one, best sellers and
 * categories, and the tax to file, each exported as CSV. Days are UTC days, as the figures are kept.
 */
export default function ReportsPage() {
  const today = dayOf(new Date());
  const [form, setForm] = useState<ReportForm>(() => ({ range: 'this-month', interval: 'day', ...rangeOf('this-month', today) }));
  const range = form.range === 'custom' ? { from: form.from, to: form.to } : rangeOf(form.range, today);
  const salesQuery = { ...range, interval: form.interval };
  return (
    <DashboardPage title="Reports" intro="Net revenue after refunds, best sellers and the tax collected, from the figures kept as orders are paid and refunded. Days are UTC days.">
      <ReportFilters initial={form} onApply={setForm} />
      <ReportSection id="sales-title" title="Sales" csv={reportCsvUrl('sales', salesQuery)}>
        <Sales query={salesQuery} comparison={form.range === 'custom' ? undefined : comparisons[form.range]} />
      </ReportSection>
      <ReportSection id="products-title" title="Products and categories" csv={reportCsvUrl('products', range)}>
        <Products query={range} />
      </ReportSection>
      <ReportSection id="tax-title" title="Tax, shipping and discounts" csv={reportCsvUrl('tax', range)}>
        <Tax query={range} />
      </ReportSection>
      <ReportSection id="carts-title" title="Carts that came back">
        <Carts query={range} />
      </ReportSection>
    </DashboardPage>
  );
}
