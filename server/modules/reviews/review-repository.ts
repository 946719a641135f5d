import type { PaginationQuery } from '../../../common/schemas/pagination.ts';
import type { Database } from '../../db/database.ts';
import type { ReviewsTable } from '../../db/schema.ts';

export type ReviewRow = ReviewsTable;

export function createReviewRepository(db: Database) {
  return {
    async listNewestFirst(page: PaginationQuery): Promise<{ rows: ReviewRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('reviews')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    async insert(row: ReviewRow): Promise<void> {
      await db.insertInto('reviews').values(row).execute();
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
