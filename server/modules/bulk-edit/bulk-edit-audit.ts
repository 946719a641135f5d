import { formatUsd } from '../../../common/money.ts';
import type { BulkChange } from '../../../common/schemas/catalogue-file.ts';
import type { AuditEntry } from '../audit/audit-trail.ts';
import { productChanges } from '../products/product-audit.ts';
import type { ProductState } from '../products/product-repository.ts';

/** The change asked for, in words, as each product's record names it: "price +10 %", "stock to 12". */
function bulkChangeInWords(change: BulkChange): string {
  switch (change.kind) {
    case 'price-percent':
      return `price ${change.percent > 0 ? '+' : ''}${change.percent} %`;
    case 'price-to':
      return `price to ${formatUsd(change.price)}`;
    case 'stock':
      return `stock to ${change.availQuantity}`;
    case 'category':
      return `category to ${change.category}`;
    case 'hidden':
      return change.hidden ? 'hidden' : 'shown';
  }
}

/**
 * One record per product the edit changed, with its changed fields before and after as a product
 * edit records them: filed as `price.changed` when a price moved (so that price changes list alone),
 * as `products.bulk-edited` otherwise. A product the edit left as it was gets none.
 */
export function bulkEditRecords(change: BulkChange, before: readonly ProductState[], after: readonly ProductState[]): AuditEntry[] {
  const was = new Map(before.map((state) => [state.row.id, state]));
  return after.flatMap((state) => {
    const previous = was.get(state.row.id);
    const changes = previous ? productChanges(previous, state) : [];
    if (changes.length === 0) return [];
    const kind = changes.some((changed) => changed.money) ? 'price.changed' : 'products.bulk-edited';
    return [{ kind, subject: state.row.id, detail: { changes, facts: { name: state.row.name, 'bulk edit': bulkChangeInWords(change) } } }];
  });
}
