import { type Stock, stockState } from '../../../../common/ordering.ts';

/** "Sold out" or "Only N left" as a badge; when there is plenty to order, nothing (or "In stock", where the page says so). */
export function StockNote({ stock, className = '', showInStock = false }: { stock: Stock; className?: string; showInStock?: boolean }) {
  const state = stockState(stock);
  if (state.kind === 'in-stock' && showInStock) return <span className={`badge badge-success whitespace-nowrap font-semibold ${className}`}>In stock</span>;
  if (state.kind === 'sold-out') return <span className={`badge badge-neutral whitespace-nowrap font-semibold ${className}`}>Sold out</span>;
  if (state.kind === 'low') return <span className={`badge badge-warning whitespace-nowrap font-semibold ${className}`}>Only {state.left} left</span>;
  return null;
}
