import type { Selectable } from 'kysely';
import type { PaginationQuery } from '../../../common/schemas/pagination.ts';
import { cappedCount } from '../../db/capped-count.ts';
import type { Database } from '../../db/database.ts';
import type { ReviewsTable } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { becomeTheWriter } from '../../db/row-lock.ts';

export type ReviewRow = Selectable<ReviewsTable>;

/** The reply a staff member writes: its text, when, and by whom (their account's id). */
export interface ReplyWrite {
  reply: string;
  replied_at: string;
  replied_by: string;
}

export function createReviewRepository(db: Database) {
  /** The reviews the public sees: every one staff have not hidden (through the partial indexes of migration 034). */
  const shown = () => db.selectFrom('reviews').where('hidden_at', 'is', null);

  return {
    /**
     * A page of every product's shown reviews, newest first, and how many there are, counted to 1,000: the
     * home page shows three and no total, and counting 200,000 reviews took 52 ms on PostgreSQL.
     */
    async listNewestFirst(page: PaginationQuery): Promise<{ rows: ReviewRow[]; total: number; capped: boolean }> {
      const [rows, count] = await Promise.all([
        shown().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        cappedCount(db, shown()),
      ]);
      return { rows, ...count };
    },

    /** One product's shown reviews, newest first, and how many it has: both through `reviews_shown_product_created_at_idx`. */
    async listForProduct(productId: string, page: PaginationQuery): Promise<{ rows: ReviewRow[]; total: number }> {
      const ofProduct = shown().where('product_id', '=', productId);
      const [rows, count] = await Promise.all([
        ofProduct.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        ofProduct.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** How many shown reviews name the product and the sum of their ratings (through the same index): counted each time, so never adrift. */
    async ratingsOf(productId: string): Promise<{ count: number; sum: number }> {
      const row = await shown()
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('ratings').as('sum')])
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), sum: Number(row.sum ?? 0) };
    },

    /** Every review, hidden ones too, newest first, for staff; counted to 1,000 as the public list is. */
    async listAllNewestFirst(page: PaginationQuery): Promise<{ rows: ReviewRow[]; total: number; capped: boolean }> {
      const all = db.selectFrom('reviews');
      const [rows, count] = await Promise.all([
        all.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        cappedCount(db, all),
      ]);
      return { rows, ...count };
    },

    /** The product a review is about, or null (none, or no such review). */
    async productIdOf(id: string): Promise<string | null> {
      const row = await db.selectFrom('reviews').select('product_id').where('id', '=', id).executeTakeFirst();
      return row?.product_id ?? null;
    },

    async insert(row: ReviewRow): Promise<void> {
      await db.insertInto('reviews').values(row).execute();
    },

    /** Runs `work` in one transaction: a change to a review, its audit record and its e-mail commit together. */
    inTransaction: <T>(work: (transaction: Database) => Promise<T>) => db.transaction().execute(work),

    /**
     * The review, held until `transaction` ends: PostgreSQL locks its row, SQLite makes the transaction the
     * one writer first. Staff actions on one review (a hide and a show, two replies) thus take turns, and
     * each decides from what the last one committed.
     */
    async hold(transaction: Database, id: string): Promise<ReviewRow | undefined> {
      const reading = transaction.selectFrom('reviews').selectAll().where('id', '=', id);
      if (isPostgres(transaction)) return reading.forUpdate().executeTakeFirst();
      await becomeTheWriter(transaction);
      return reading.executeTakeFirst();
    },

    async setHidden(transaction: Database, id: string, hiddenAt: string | null): Promise<void> {
      await transaction.updateTable('reviews').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
    },

    async setReply(transaction: Database, id: string, write: ReplyWrite): Promise<void> {
      await transaction.updateTable('reviews').set(write).where('id', '=', id).execute();
    },

    async setReplyMailed(transaction: Database, id: string, at: string): Promise<void> {
      await transaction.updateTable('reviews').set({ reply_mailed_at: at }).where('id', '=', id).execute();
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
