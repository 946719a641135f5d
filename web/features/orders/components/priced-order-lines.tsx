import { formatUsd } from '../../../../common/money.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';
import { LineDiscount } from './line-discount.tsx';
import { OrderLineThumbnail } from './order-line-thumbnail.tsx';
import { VariantLine } from '../../../components/ui/variant-line.tsx';

/**
 * What an order is for, as its payment page lists it: each line's picture, name, pieces and price,
 * and what its discount code took off the line, when it took anything.
 */
export function PricedOrderLines({ lines, discountCode }: { lines: readonly OrderLine[]; discountCode?: string | undefined }) {
  return (
    <ul aria-label="Items" className="space-y-3">
      {lines.map((line) => (
        <li key={line.lineId} className="flex items-center gap-3">
          <OrderLineThumbnail img={line.img} />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{line.product}</p>
            <VariantLine label={line.variant} />
            <p className="text-stone-600">
              {line.quantity} × {formatUsd(line.unitPrice)}
            </p>
            <LineDiscount line={line} discountCode={discountCode} />
          </div>
          <p className="text-sm font-medium text-stone-900">{formatUsd(line.price)}</p>
        </li>
      ))}
    </ul>
  );
}
