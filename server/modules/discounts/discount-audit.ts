import { centsToDollars } from '../../../common/money.ts';
import type { AuditChange } from '../../../common/schemas/audit-log.ts';
import { type AuditFields, changedFields } from '../audit/audit-changes.ts';
import type { DiscountCodeWithScope } from './discount-code-repository.ts';

/** A code's terms as the audit trail keeps them: what it takes off, when, how often and on what. */
function auditFieldsOf(code: DiscountCodeWithScope): { fields: AuditFields; money: string[] } {
  const fields: AuditFields = {
    kind: code.kind,
    // A percentage as a whole number, an amount in dollars; free shipping takes no value.
    value: code.kind === 'amount' ? centsToDollars(code.value) : code.kind === 'percent' ? code.value : null,
    'minimum subtotal': code.min_subtotal_cents === null ? null : centsToDollars(code.min_subtotal_cents),
    starts: code.starts_at,
    ends: code.ends_at,
    'uses in all': code.max_uses,
    'uses per customer': code.max_uses_per_customer,
    products: code.product_ids.length > 0 ? code.product_ids.join(', ') : null,
    categories: code.categories.length > 0 ? code.categories.join(', ') : null,
  };
  return { fields, money: code.kind === 'amount' ? ['value', 'minimum subtotal'] : ['minimum subtotal'] };
}

/** A code as it was made: each of its terms from nothing. */
export function discountAsCreated(code: DiscountCodeWithScope): AuditChange[] {
  const { fields, money } = auditFieldsOf(code);
  return changedFields({}, fields, money);
}

/** A code as it was deleted: each of its terms to nothing. */
export function discountAsDeleted(code: DiscountCodeWithScope): AuditChange[] {
  const { fields, money } = auditFieldsOf(code);
  return changedFields(fields, {}, money);
}
