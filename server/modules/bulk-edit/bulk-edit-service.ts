import type { BulkEdit } from '../../../common/schemas/catalogue-file.ts';
import { AppError } from '../../errors.ts';
import { isRecordId } from '../../record-id.ts';
import type { BulkEditRepository } from './bulk-edit-repository.ts';

/** The admin's bulk edit: one change to many products at once, all of them or none. */
export function createBulkEditService(products: BulkEditRepository) {
  return {
    async apply({ ids, change }: BulkEdit): Promise<{ changed: number }> {
      if (change.kind === 'category' && !(await products.categoryExists(change.category))) {
        throw new AppError(400, 'VALIDATION_FAILED', `Invalid request. change.category: no category has the slug “${change.category}”.`);
      }
      // An id that is not one of ours names no product.
      const ours = [...new Set(ids.filter(isRecordId))];
      return { changed: ours.length === 0 ? 0 : await products.apply(ours, change) };
    },
  };
}

export type BulkEditService = ReturnType<typeof createBulkEditService>;
