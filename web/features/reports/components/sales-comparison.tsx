import { formatUsd } from '../../../../common/money.ts';
import { percentChange } from '../../../../common/report-periods.ts';
import type { SalesFigures, SalesReport } from '../../../../common/schemas/reports.ts';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { changeLabel, changeTone, formatCount, periodLabel } from './report-format.ts';

type Figure = 'netRevenue' | 'orders' | 'averageOrderValue' | 'units';

const cards: { figure: Figure; label: string; money: boolean }[] = [
  { figure: 'netRevenue', label: 'Net revenue', money: true },
  { figure: 'orders', label: 'Orders', money: false },
  { figure: 'averageOrderValue', label: 'Average order value', money: true },
  { figure: 'units', label: 'Units sold', money: false },
];

const shown = (value: number, money: boolean) => (money ? formatUsd(value) : formatCount(value));

/** The four headline figures of the range, each beside the previous range's and the change. */
export function SalesHeadlines({ report, comparison }: { report: SalesReport; comparison: string }) {
  return (
    // The group names the comparison; the list inside stays a description list (a role on the <dl> itself would hide its terms).
    <div role="group" aria-label={comparison}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ figure, label, money }) => (
          <div key={figure} className="rounded-xl border border-base-300 bg-base-100 p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1">
              <span className="block text-xl font-semibold text-stone-900 sm:text-2xl">{shown(report.totals[figure], money)}</span>
              <span className={`text-sm font-medium ${changeTone(report.change[figure])}`}>{changeLabel(report.change[figure])}</span>
              <span className="block text-xs text-stone-600">previously {shown(report.previousTotals[figure], money)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const net = (figures: SalesFigures) => Math.max(0, figures.netRevenue);

/**
 * Net revenue per period as pairs of bars, this range's beside the previous range's, with the same
 * figures in the table below. Scrolls sideways on a phone when the periods are many.
 */
export function SalesChart({ report }: { report: SalesReport }) {
  const highest = Math.max(1, ...report.periods.flatMap((period) => [net(period.figures), period.previous ? net(period.previous.figures) : 0]));
  const height = (figures: SalesFigures) => `${(net(figures) / highest) * 100}%`;
  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
        <span className="font-medium">Net revenue per period</span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-primary" aria-hidden="true" /> This range
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-stone-300" aria-hidden="true" /> Previous range
        </span>
      </figcaption>
      {/* Focusable, so that a keyboard can scroll the bars sideways on a phone; relative, so that the bars' hidden labels scroll inside it instead of widening the page. */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Bars of net revenue per period">
        <ol
          className="flex h-48 min-w-full items-end gap-1 border-b border-stone-300"
          style={{ width: `max(100%, ${report.periods.length * 1.25}rem)` }}
          aria-label="Net revenue per period"
        >
          {report.periods.map((period) => (
            <li
              key={period.start}
              className="flex h-full min-w-0 flex-1 items-end justify-center gap-px"
              title={`${periodLabel(period.start, period.end, report.interval)}: ${formatUsd(period.figures.netRevenue)}${period.previous ? ` (previously ${formatUsd(period.previous.figures.netRevenue)})` : ''}`}
            >
              <span className="sr-only">
                {periodLabel(period.start, period.end, report.interval)}: {formatUsd(period.figures.netRevenue)}
                {period.previous && `, previously ${formatUsd(period.previous.figures.netRevenue)}`}
              </span>
              <span className="w-1/2 max-w-6 rounded-t-sm bg-primary" style={{ height: height(period.figures) }} aria-hidden="true" />
              <span className="w-1/2 max-w-6 rounded-t-sm bg-stone-300" style={{ height: period.previous ? height(period.previous.figures) : '0%' }} aria-hidden="true" />
            </li>
          ))}
        </ol>
      </div>
    </figure>
  );
}

/** Every period's figures beside the previous range's period at its place. */
export function SalesTable({ report }: { report: SalesReport }) {
  return (
    <StackingTable
      caption="Sales per period against the previous range"
      headings={[
        { label: 'Period' },
        { label: 'Net revenue', className: 'text-right' },
        { label: 'Previously', className: 'text-right' },
        { label: 'Change', className: 'text-right' },
        { label: 'Orders', className: 'text-right' },
        { label: 'Avg. order', className: 'text-right' },
        { label: 'Units', className: 'text-right' },
      ]}
    >
      {report.periods.map((period) => {
        const before = period.previous?.figures;
        return (
          <StackingRow key={period.start} columns="grid-cols-2 sm:grid-cols-3">
            <StackingCell className="col-span-full font-medium text-stone-900">{periodLabel(period.start, period.end, report.interval)}</StackingCell>
            <StackingCell heading="Net revenue" className="lg:text-right">
              {formatUsd(period.figures.netRevenue)}
            </StackingCell>
            <StackingCell heading="Previously" className="text-stone-600 lg:text-right">
              {before ? formatUsd(before.netRevenue) : '—'}
            </StackingCell>
            <StackingCell heading="Change" className="lg:text-right">
              <span className={changeTone(before ? percentChange(period.figures.netRevenue, before.netRevenue) : null)}>
                {changeLabel(before ? percentChange(period.figures.netRevenue, before.netRevenue) : null)}
              </span>
            </StackingCell>
            <StackingCell heading="Orders" className="lg:text-right">
              {formatCount(period.figures.orders)}
            </StackingCell>
            <StackingCell heading="Avg. order" className="lg:text-right">
              {formatUsd(period.figures.averageOrderValue)}
            </StackingCell>
            <StackingCell heading="Units" className="lg:text-right">
              {formatCount(period.figures.units)}
            </StackingCell>
          </StackingRow>
        );
      })}
    </StackingTable>
  );
}
