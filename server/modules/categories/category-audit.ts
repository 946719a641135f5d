import type { AuditChange } from '../../../common/schemas/audit-log.ts';
import { type AuditFields, changedFields } from '../audit/audit-changes.ts';
import type { CategoryRow } from './category-repository.ts';

/** A category's fields as the audit trail compares them: where it sits included, so that a move or a reorder shows. */
function auditFieldsOf(row: CategoryRow): AuditFields {
  return { name: row.name, description: row.description, 'under category': row.parent_slug, position: row.position };
}

/** What a change did to a category: the fields that differ, each as it was and as it became. */
export function categoryChanges(before: CategoryRow, after: CategoryRow): AuditChange[] {
  return changedFields(auditFieldsOf(before), auditFieldsOf(after));
}

/** A category as it was added (every field from nothing) or deleted (every field to nothing). */
export const categoryAsAdded = (row: CategoryRow): AuditChange[] => changedFields({}, auditFieldsOf(row));
export const categoryAsDeleted = (row: CategoryRow): AuditChange[] => changedFields(auditFieldsOf(row), {});
