import type { OrderLine } from '../../../../common/schemas/orders.ts';

// What became of a line's pieces, said the same way wherever an order's lines are listed (My Orders,
// Manage Orders, the order's page): one function words it.

/** What became of a line's pieces, once anything did: "2 shipped · 1 refunded". */
export function linePiecesProgress(line: OrderLine): string | undefined {
  const parts = [line.shippedQuantity > 0 && `${line.shippedQuantity} shipped`, line.refundedQuantity > 0 && `${line.refundedQuantity} refunded`].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The same, as a small line of its own under the product's name; nothing while nothing became of them. */
export function LinePiecesProgress({ line }: { line: OrderLine }) {
  const progress = linePiecesProgress(line);
  return progress ? <p className="text-xs text-stone-600">{progress}</p> : null;
}
