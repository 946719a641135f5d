import type { BulkEdit } from '../../../common/schemas/catalogue-file.ts';
import type { Database } from '../../db/database.ts';
import type { CategoryService } from '../categories/category-service.ts';
import { isRecordId } from '../../record-id.ts';
import type { BulkEditRepository } from './bulk-edit-repository.ts';

/**
 * The admin's bulk edit: one change to many products at once, all of them or none. A new category must
 * be one the shop keeps, held by the edit's transaction so that it cannot be deleted meanwhile (ADR 039).
 */
export function createBulkEditService(products: BulkEditRepository, categories: Pick<CategoryService, 'requireExisting'>) {
  return {
    async apply({ ids, change }: BulkEdit): Promise<{ changed: number }> {
      // An id that is not one of ours names no product.
      const ours = [...new Set(ids.filter(isRecordId))];
      const holdCategory = change.kind === 'category' ? (trx: Database) => categories.requireExisting(change.category, 'change.category', trx) : undefined;
      return { changed: ours.length === 0 ? 0 : await products.apply(ours, change, holdCategory) };
    },
  };
}

export type BulkEditService = ReturnType<typeof createBulkEditService>;
