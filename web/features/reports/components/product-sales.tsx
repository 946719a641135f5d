import { useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import type { ProductsReport, ProductSales } from '../../../../common/schemas/reports.ts';
import { formatCount } from './report-format.ts';

/** Best sellers shown before "Show all". */
const firstShown = 10;

type Ranking = 'units' | 'revenue';

/** A ranked list with a bar for each item's share of the first one's figure. */
function RankedList({ label, items }: { label: string; items: { key: string; name: string; figure: number; shown: string; detail: string }[] }) {
  const highest = Math.max(1, ...items.map((item) => item.figure));
  return (
    <ol aria-label={label} className="space-y-3">
      {items.map((item, index) => (
        <li key={item.key || `deleted ${index}`} className="text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 text-stone-900 [overflow-wrap:anywhere]">
              <span className="mr-2 text-stone-500">{index + 1}.</span>
              {item.name}
            </span>
            <span className="shrink-0 text-right font-medium text-stone-900">{item.shown}</span>
          </div>
          <div className="mt-1 flex items-center gap-3">
            <div className="h-1.5 flex-1 rounded-full bg-base-200" aria-hidden="true">
              <div className="h-full rounded-full bg-primary" style={{ width: `${(Math.max(0, item.figure) / highest) * 100}%` }} />
            </div>
            <span className="shrink-0 text-xs text-stone-600">{item.detail}</span>
          </div>
        </li>
      ))}
    </ol>
  );
}

const productName = (product: ProductSales) => (product.productId ? product.product : `${product.product} (deleted)`);

/** The best sellers, by units or by revenue (the admin's choice), the first ten unless all are asked for. */
export function BestSellers({ report }: { report: ProductsReport }) {
  const [ranking, setRanking] = useState<Ranking>('units');
  const [all, setAll] = useState(false);
  const products = ranking === 'units' ? report.byUnits : report.byRevenue;
  const shown = all ? products : products.slice(0, firstShown);
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Rank best sellers by" className="join">
        {(['units', 'revenue'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={ranking === choice}
            className={`btn join-item btn-sm ${ranking === choice ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => setRanking(choice)}
          >
            By {choice}
          </button>
        ))}
      </div>
      {products.length === 0 ? (
        <p className="text-sm text-stone-600">Nothing was sold in these days.</p>
      ) : (
        <RankedList
          label={`Best sellers by ${ranking}`}
          items={shown.map((product) => ({
            key: product.productId,
            name: productName(product),
            figure: ranking === 'units' ? product.units : product.revenue,
            shown: ranking === 'units' ? `${formatCount(product.units)} sold` : formatUsd(product.revenue),
            detail: ranking === 'units' ? formatUsd(product.revenue) : `${formatCount(product.units)} sold`,
          }))}
        />
      )}
      {products.length > firstShown && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAll(!all)}>
          {all ? `Show the first ${firstShown}` : `Show all ${products.length}`}
        </button>
      )}
    </div>
  );
}

/** Revenue and units of each category, most revenue first. */
export function CategorySales({ report }: { report: ProductsReport }) {
  if (report.categories.length === 0) return <p className="text-sm text-stone-600">Nothing was sold in these days.</p>;
  return (
    <RankedList
      label="Sales by category"
      items={report.categories.map((category) => ({
        key: category.category,
        name: category.name || 'No category',
        figure: category.revenue,
        shown: formatUsd(category.revenue),
        detail: `${formatCount(category.units)} sold`,
      }))}
    />
  );
}
