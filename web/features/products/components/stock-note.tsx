import { type Stock, stockState } from '../../../../common/ordering.ts';

/** "Sold out" or "Only N left" as a badge, or nothing when there is plenty to order. */
export function StockNote({ stock, className = '' }: { stock: Stock; className?: string }) {
  const state = stockState(stock);
  if (state.kind === 'sold-out') return <span className={`badge badge-neutral whitespace-nowrap font-semibold ${className}`}>Sold out</span>;
  if (state.kind === 'low') return <span className={`badge badge-warning whitespace-nowrap font-semibold ${className}`}>Only {state.left} left</span>;
  return null;
}
