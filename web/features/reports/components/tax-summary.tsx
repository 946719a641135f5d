import { formatUsd } from '../../../../common/money.ts';
import type { TaxReport } from '../../../../common/schemas/reports.ts';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { formatCount } from './report-format.ts';

/** Where the tax was due, as a person filing it reads it. */
function destination(row: TaxReport['rows'][number]): string {
  if (row.collected) return 'Collected at the workshop';
  if (row.region) return `${row.region} (${row.country})`;
  return row.country || 'No country given';
}

const rate = (percent: number) => `${Number(percent.toFixed(4))} %`;

/** Shipping collected, discounts given and net tax of the range, then the tax per destination and rate. */
export function TaxSummary({ report }: { report: TaxReport }) {
  const { totals } = report;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[
          { label: 'Tax collected (net of refunds)', value: totals.netTax },
          { label: 'Shipping collected', value: totals.shipping },
          { label: 'Discounts given', value: totals.discounts },
        ].map((card) => (
          <div key={card.label} className="rounded-lg bg-base-200 px-4 py-3">
            <dt className="text-sm text-stone-600">{card.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-stone-900">{formatUsd(card.value)}</dd>
          </div>
        ))}
      </dl>
      {report.rows.length === 0 ? (
        <p className="text-sm text-stone-600">No order was paid or refunded in these days.</p>
      ) : (
        <StackingTable
          caption="Tax per destination and rate"
          headings={[
            { label: 'Destination' },
            { label: 'Rate', className: 'text-right' },
            { label: 'Orders', className: 'text-right' },
            { label: 'Taxable sales', className: 'text-right' },
            { label: 'Tax charged', className: 'text-right' },
            { label: 'Tax refunded', className: 'text-right' },
            { label: 'Net tax', className: 'text-right' },
          ]}
        >
          {report.rows.map((row) => (
            <StackingRow key={`${row.country} ${row.region} ${row.collected} ${row.rate}`} columns="grid-cols-2 sm:grid-cols-3">
              <StackingCell className="col-span-full font-medium text-stone-900">{destination(row)}</StackingCell>
              <StackingCell heading="Rate" className="lg:text-right">
                {rate(row.rate)}
              </StackingCell>
              <StackingCell heading="Orders" className="lg:text-right">
                {formatCount(row.orders)}
              </StackingCell>
              <StackingCell heading="Taxable sales" className="lg:text-right">
                {formatUsd(row.taxableSales)}
              </StackingCell>
              <StackingCell heading="Tax charged" className="lg:text-right">
                {formatUsd(row.tax)}
              </StackingCell>
              <StackingCell heading="Tax refunded" className="lg:text-right">
                {formatUsd(row.refundedTax)}
              </StackingCell>
              <StackingCell heading="Net tax" className="font-medium lg:text-right">
                {formatUsd(row.netTax)}
              </StackingCell>
            </StackingRow>
          ))}
        </StackingTable>
      )}
    </div>
  );
}
