import { formatUsd } from '../../../../common/money.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';

/** Under a line's name: what the order's discount took off it, worded as the totals word the discount ("Discount (SAVE10) -$1.34"), when it took anything. */
export function LineDiscount({ line, discountCode, className = '' }: { line: Pick<OrderLine, 'discount'>; discountCode: string | undefined; className?: string }) {
  if (line.discount <= 0) return null;
  return (
    <p className={`text-emerald-800 ${className}`}>
      {discountCode ? `Discount (${discountCode})` : 'Discount'} <span className="whitespace-nowrap">-{formatUsd(line.discount)}</span>
    </p>
  );
}
