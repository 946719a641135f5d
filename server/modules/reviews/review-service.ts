import type { PaginationQuery } from '../../../common/schemas/pagination.ts';
import type { Review } from '../../../common/schemas/reviews.ts';
import type { Clock } from '../../clock.ts';
import { newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import { maskEmail } from './mask-email.ts';
import type { ReviewRepository, ReviewRow } from './review-repository.ts';

/** Every review that leaves the server, its author's own included, carries the masked address. */
function toReview(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, email: maskEmail(row.email), review: row.review, ratings: row.ratings };
}

export function createReviewService(reviews: ReviewRepository, clock: Clock) {
  return {
    async list(page: PaginationQuery): Promise<{ items: Review[]; total: number }> {
      const { rows, total } = await reviews.listNewestFirst(page);
      return { items: rows.map(toReview), total };
    },

    /**
     * A review by whoever is signed in: their name and e-mail come from the session, never from the
     * request. Stamped now, so it is the newest (the home page shows the newest three).
     */
    async add(author: SignedInUser, input: { ratings: number; review: string }): Promise<Review> {
      const row: ReviewRow = {
        id: newRecordId(),
        name: author.name,
        email: author.email,
        review: input.review,
        ratings: input.ratings,
        created_at: clock().toISOString(),
      };
      await reviews.insert(row);
      return toReview(row);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
