import type { AuditChange, AuditValue } from '../../../common/schemas/audit-log.ts';

/** A thing's fields as the audit trail compares them: a name for each, with its value in words or numbers. */
export type AuditFields = Record<string, AuditValue>;

/**
 * The fields whose values differ between before and after, each with both values; `money` names the
 * fields that hold dollars, so that the Audit page writes them as prices. A field missing on one side
 * (a variant added or removed) counts as null there.
 */
export function changedFields(before: AuditFields, after: AuditFields, money: readonly string[] = []): AuditChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.flatMap((field) => {
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    if (was === is) return [];
    return [{ field, before: was, after: is, ...(money.includes(field) && { money: true }) }];
  });
}
