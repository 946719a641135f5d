import type { OrderLine } from '../../../../common/schemas/orders.ts';
import { LinePiecesProgress } from './line-pieces-progress.tsx';
import { OrderLineThumbnail } from './order-line-thumbnail.tsx';
import { VariantLine } from '../../../components/ui/variant-line.tsx';

/**
 * An order's lines in Manage Orders' row: each product's small picture, its name × the pieces bought,
 * and how many were shipped or refunded once any were: what the admin packs from.
 */
export function OrderLinesSummary({ lines, label }: { lines: readonly OrderLine[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-2">
      {lines.map((line) => (
        <li key={line.lineId} className="flex items-center gap-3">
          <OrderLineThumbnail img={line.img} className="h-9 w-12" />
          <div className="min-w-0 text-sm">
            <p className="text-stone-900 [overflow-wrap:anywhere]">
              {line.product} <span className="whitespace-nowrap text-stone-600">× {line.quantity}</span>
            </p>
            {/* The admin packs by it: which variant, and its SKU. */}
            <VariantLine label={line.variant && (line.sku ? `${line.variant} · SKU ${line.sku}` : line.variant)} className="text-xs" />
            <LinePiecesProgress line={line} />
          </div>
        </li>
      ))}
    </ul>
  );
}
