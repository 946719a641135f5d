import { formatUsd } from '../../../common/money.ts';
import type { AuditChange, AuditDetail, AuditRecord, AuditValue } from '../../../common/schemas/audit-log.ts';
import { type StaffRole, staffRoleLabels } from '../../../common/staff-roles.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function valueInWords(value: AuditValue, money: boolean | undefined): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (money && typeof value === 'number') return formatUsd(value);
  return String(value);
}

/** A role as the Make Admin page names it; `customer` is no staff role at all. */
const roleInWords = (value: AuditValue) => (typeof value === 'string' && value in staffRoleLabels ? staffRoleLabels[value as StaffRole] : capitalised(String(value)));

/** One change as the Audit page reads it: "Price $24.00 → $26.00", "Role Owner → Fulfilment". */
export function changeInWords(change: AuditChange): string {
  const words = change.field === 'role' ? roleInWords : (value: AuditValue) => valueInWords(value, change.money);
  return `${capitalised(change.field)} ${words(change.before)} → ${words(change.after)}`;
}

/**
 * What a record acted on, as a person reads it: a product by its name (which the record keeps as a
 * change or a fact) with its id, anything else by its subject (an order or return number, an e-mail).
 */
export function subjectInWords(record: AuditRecord): string {
  const named = record.detail.changes?.find((change) => change.field === 'name');
  const name = named ? (named.after ?? named.before) : record.detail.facts?.name;
  return typeof name === 'string' && name !== record.subject ? `${name} (${record.subject})` : record.subject;
}

/** Each fact of a record as a line: "Amount: $5.00", "Lines: 1 × Block plane, 2 × Marking gauge". */
export function factsInWords(detail: AuditDetail): string[] {
  return Object.entries(detail.facts ?? {})
    .filter(([, value]) => value !== '' && !(Array.isArray(value) && value.length === 0))
    .map(([name, value]) => `${capitalised(name)}: ${Array.isArray(value) ? value.join(', ') : valueInWords(value, false)}`);
}
