import type { BulkEdit } from '../../../common/schemas/catalogue-file.ts';
import type { Database } from '../../db/database.ts';
import type { AuditRecorderOfMany } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { CategoryService } from '../categories/category-service.ts';
import { isRecordId } from '../../record-id.ts';
import { bulkEditRecords } from './bulk-edit-audit.ts';
import type { BulkEditRepository } from './bulk-edit-repository.ts';

/**
 * The admin's bulk edit: one change to many products at once, all of them or none. A new category must
 * be one the shop keeps, held by the edit's transaction so that it cannot be deleted meanwhile (ADR 039).
 * Each product it changed is recorded in the audit trail in the same transaction (ADR 043).
 */
export function createBulkEditService(products: BulkEditRepository, categories: Pick<CategoryService, 'requireExisting'>, audit: AuditRecorderOfMany) {
  return {
    async apply({ ids, change }: BulkEdit, actor: StaffActor): Promise<{ changed: number }> {
      // An id that is not one of ours names no product.
      const ours = [...new Set(ids.filter(isRecordId))];
      const holdCategory = change.kind === 'category' ? (trx: Database) => categories.requireExisting(change.category, 'change.category', trx) : undefined;
      if (ours.length === 0) return { changed: 0 };
      const changed = await products.apply(ours, change, holdCategory, (trx, before, after) => audit(trx, actor, bulkEditRecords(change, before, after)));
      return { changed };
    },
  };
}

export type BulkEditService = ReturnType<typeof createBulkEditService>;
