import type { PaginationQuery } from '../../../common/schemas/pagination.ts';
import type { Review } from '../../../common/schemas/reviews.ts';
import type { ReviewRepository, ReviewRow } from './review-repository.ts';

function toReview(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, email: row.email, review: row.review, ratings: row.ratings };
}

export function createReviewService(reviews: ReviewRepository) {
  return {
    async list(page: PaginationQuery): Promise<{ items: Review[]; total: number }> {
      const { rows, total } = await reviews.listNewestFirst(page);
      return { items: rows.map(toReview), total };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
