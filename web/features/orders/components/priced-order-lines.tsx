import { formatUsd } from '../../../../common/money.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';
import { OrderLineThumbnail } from './order-line-thumbnail.tsx';

/** What an order is for, as its payment page lists it: each line's picture, name, pieces and price. */
export function PricedOrderLines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul aria-label="Items" className="space-y-3">
      {lines.map((line) => (
        <li key={line.lineId} className="flex items-center gap-3">
          <OrderLineThumbnail img={line.img} />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{line.product}</p>
            <p className="text-stone-600">
              {line.quantity} × {formatUsd(line.unitPrice)}
            </p>
          </div>
          <p className="text-sm font-medium text-stone-900">{formatUsd(line.price)}</p>
        </li>
      ))}
    </ul>
  );
}
