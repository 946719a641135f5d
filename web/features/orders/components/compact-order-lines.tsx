import { formatUsd } from '../../../../common/money.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';
import { linePiecesProgress } from './line-pieces-progress.tsx';

/**
 * An order's lines inside its row of My Orders, in words only (the row shows the first picture): the
 * pieces, the name, the line's price, and what was shipped or refunded of it.
 */
export function CompactOrderLines({ lines, label }: { lines: readonly OrderLine[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-base-200 rounded-lg bg-base-200/60 px-3 text-sm">
      {lines.map((line) => {
        const progress = linePiecesProgress(line);
        return (
          <li key={line.lineId} className="flex items-baseline justify-between gap-3 py-1.5">
            <span className="min-w-0 text-stone-800 [overflow-wrap:anywhere]">
              <span className="whitespace-nowrap text-stone-600">{line.quantity} ×</span> {line.product}
              {line.variant && <span className="text-stone-600"> · {line.variant}</span>}
              {progress && <span className="ml-2 whitespace-nowrap text-xs text-stone-600">{progress}</span>}
            </span>
            <span className="shrink-0 text-stone-900">{formatUsd(line.price)}</span>
          </li>
        );
      })}
    </ul>
  );
}
