import { formatUsd } from '../../../../common/money.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';
import { LineDiscount } from './line-discount.tsx';
import { LinePiecesProgress } from './line-pieces-progress.tsx';
import { OrderLineThumbnail } from './order-line-thumbnail.tsx';
import { VariantLine } from '../../../components/ui/variant-line.tsx';

/**
 * An order's lines on its page: each tool's picture and name, its pieces, price per piece and line
 * total, what the order's discount code took off it, and how many of them were shipped or refunded
 * once any were. On a phone the price per piece moves under the name, so that the figures keep their room.
 */
export function OrderLinesTable({ lines, discountCode }: { lines: readonly OrderLine[]; discountCode?: string | undefined }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b border-base-300 text-left text-xs uppercase tracking-wider text-stone-600">
          <th scope="col" className="pb-2 font-semibold">
            Tool
          </th>
          <th scope="col" className="pb-2 pl-3 text-right font-semibold">
            Qty
          </th>
          <th scope="col" className="hidden pb-2 pl-3 text-right font-semibold whitespace-nowrap sm:table-cell">
            Unit price
          </th>
          <th scope="col" className="pb-2 pl-3 text-right font-semibold">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-base-300">
        {lines.map((line) => (
          <tr key={line.lineId} className="align-top">
            <td className="py-3">
              <div className="flex items-start gap-3">
                <OrderLineThumbnail img={line.img} className="h-12 w-16" />
                <div className="min-w-0">
                  <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{line.product}</p>
                  <VariantLine label={line.variant} />
                  <p className="text-stone-600 sm:hidden">{formatUsd(line.unitPrice)} each</p>
                  <LineDiscount line={line} discountCode={discountCode} />
                  <LinePiecesProgress line={line} />
                </div>
              </div>
            </td>
            <td className="py-3 pl-3 text-right text-stone-900">{line.quantity}</td>
            <td className="hidden py-3 pl-3 text-right text-stone-900 sm:table-cell">{formatUsd(line.unitPrice)}</td>
            <td className="py-3 pl-3 text-right font-medium text-stone-900">{formatUsd(line.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
