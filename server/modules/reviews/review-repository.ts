import type { Selectable } from 'kysely';
import type { PaginationQuery } from '../../../common/schemas/pagination.ts';
import { cappedCount } from '../../db/capped-count.ts';
import type { Database } from '../../db/database.ts';
import type { ReviewsTable } from '../../db/schema.ts';

export type ReviewRow = Selectable<ReviewsTable>;

export function createReviewRepository(db: Database) {
  return {
    /**
     * A page of every product's reviews, newest first, and how many there are, counted to 1,000: the home
     * page shows three and no total, and counting 200,000 reviews took 52 ms on PostgreSQL.
     */
    async listNewestFirst(page: PaginationQuery): Promise<{ rows: ReviewRow[]; total: number; capped: boolean }> {
      const [rows, count] = await Promise.all([
        db.selectFrom('reviews').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        cappedCount(db, db.selectFrom('reviews')),
      ]);
      return { rows, ...count };
    },

    /** One product's reviews, newest first, and how many it has: both through `reviews_product_created_at_idx`. */
    async listForProduct(productId: string, page: PaginationQuery): Promise<{ rows: ReviewRow[]; total: number }> {
      const ofProduct = db.selectFrom('reviews').where('product_id', '=', productId);
      const [rows, count] = await Promise.all([
        ofProduct.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        ofProduct.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** How many reviews name the product and the sum of their ratings (through the same index). */
    async ratingsOf(productId: string): Promise<{ count: number; sum: number }> {
      const row = await db
        .selectFrom('reviews')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('ratings').as('sum')])
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), sum: Number(row.sum ?? 0) };
    },

    async insert(row: ReviewRow): Promise<void> {
      await db.insertInto('reviews').values(row).execute();
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
