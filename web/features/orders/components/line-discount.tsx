import { formatUsd } from '../../../../common/money.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';

/** A line's share of the order's discount, worded as the totals word the discount: "Discount (SAVE10) -$1.34". */
export function lineDiscountText(line: Pick<OrderLine, 'discount'>, discountCode: string | undefined): string | undefined {
  if (line.discount <= 0) return undefined;
  return `${discountCode ? `Discount (${discountCode})` : 'Discount'} -${formatUsd(line.discount)}`;
}

/** Under a line's name: what the order's discount took off it, when it took anything. */
export function LineDiscount({ line, discountCode, className = '' }: { line: Pick<OrderLine, 'discount'>; discountCode: string | undefined; className?: string }) {
  const text = lineDiscountText(line, discountCode);
  return text ? <p className={`text-emerald-800 ${className}`}>{text}</p> : null;
}
