import { canOrder, piecesToOrder } from '../../../../common/variants.ts';

/**
 * What customers see of a stock, for the admin beside the specification's "Available quantity": the
 * rule `quantity < availQuantity` keeps the last piece back, so 25 in stock is "24 can be ordered" and
 * 1 is "Sold out", and the two numbers never seem to disagree.
 */
export function orderableText(stock: { availQuantity: number; minQuantity: number }): string {
  if (!Number.isFinite(stock.availQuantity) || !Number.isFinite(stock.minQuantity)) return '';
  return canOrder(stock) ? `${piecesToOrder(stock.availQuantity).toLocaleString('en-US')} can be ordered` : 'Sold out';
}

export function OrderableNote({ stock, className = '' }: { stock: { availQuantity: number; minQuantity: number }; className?: string }) {
  const text = orderableText(stock);
  return <span className={`block text-xs ${text === 'Sold out' ? 'font-semibold text-error' : 'text-stone-600'} ${className}`}>{text}</span>;
}
