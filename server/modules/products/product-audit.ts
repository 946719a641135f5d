import type { AuditChange } from '../../../common/schemas/audit-log.ts';
import { centsToDollars } from '../../../common/money.ts';
import { type AuditFields, changedFields } from '../audit/audit-changes.ts';
import type { ProductState } from './product-repository.ts';

/**
 * A product's fields as the audit trail compares them. A product sold several ways adds each
 * variant's price and stock under its SKU; one sold one way has them in its own price and stock.
 */
function auditFieldsOf({ row, variants }: ProductState): { fields: AuditFields; money: string[] } {
  const fields: AuditFields = {
    name: row.name,
    category: row.category,
    price: centsToDollars(row.price_cents),
    stock: row.avail_quantity,
    'minimum order': row.min_quantity,
    hidden: row.hidden === 1,
    'weight (g)': row.weight_grams,
    picture: row.img,
    description: row.description,
  };
  const money = ['price'];
  if (variants.length > 1 || variants.some((variant) => variant.options !== '{}')) {
    for (const variant of variants) {
      fields[`price ${variant.sku}`] = centsToDollars(variant.price_cents);
      fields[`stock ${variant.sku}`] = variant.avail_quantity;
      money.push(`price ${variant.sku}`);
    }
  }
  return { fields, money };
}

/** What an edit changed of a product, its variants' prices and stock included. */
export function productChanges(before: ProductState, after: ProductState): AuditChange[] {
  const was = auditFieldsOf(before);
  const is = auditFieldsOf(after);
  return changedFields(was.fields, is.fields, [...new Set([...was.money, ...is.money])]);
}

/** A product as it was added or deleted: every field, each from nothing or to nothing. */
export function productAsAdded(state: ProductState): AuditChange[] {
  const { fields, money } = auditFieldsOf(state);
  return changedFields({}, fields, money);
}
