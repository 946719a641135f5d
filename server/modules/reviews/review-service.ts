import { type RatingSummary, ratingSummary } from '../../../common/product-page.ts';
import type { PaginationQuery } from '../../../common/schemas/pagination.ts';
import type { ProductReview, Review, ReviewInput } from '../../../common/schemas/reviews.ts';
import type { Clock } from '../../clock.ts';
import { AppError, notFound } from '../../errors.ts';
import { newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import { maskEmail } from './mask-email.ts';
import type { ReviewRepository, ReviewRow } from './review-repository.ts';

/** Every review that leaves the server, its author's own included, carries the masked address. */
function toReview(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, email: maskEmail(row.email), review: row.review, ratings: row.ratings };
}

function toProductReview(row: ReviewRow & { product_id: string }): ProductReview {
  return { ...toReview(row), productId: row.product_id, verifiedBuyer: row.verified_buyer === 1, createdAt: row.created_at };
}

/** What reviews need to know from the catalogue and the orders, asked through their own services. */
export interface ReviewDependencies {
  catalogue: { exists(productId: string): Promise<boolean> };
  purchases: { hasBought(buyer: SignedInUser, productId: string): Promise<boolean> };
}

const noSuchProduct = () => notFound('No product has that id.');

export function createReviewService(reviews: ReviewRepository, clock: Clock, { catalogue, purchases }: ReviewDependencies) {
  return {
    async list(page: PaginationQuery): Promise<{ items: Review[]; total: number; capped: boolean }> {
      const { rows, total, capped } = await reviews.listNewestFirst(page);
      return { items: rows.map(toReview), total, capped };
    },

    /** One product's reviews, newest first; an unknown product answers 404. */
    async listForProduct(productId: string, page: PaginationQuery): Promise<{ items: ProductReview[]; total: number }> {
      if (!(await catalogue.exists(productId))) throw noSuchProduct();
      const { rows, total } = await reviews.listForProduct(productId, page);
      return { items: rows.map((row) => toProductReview({ ...row, product_id: productId })), total };
    },

    /** How many reviews name the product, and their average rating. */
    async ratingOf(productId: string): Promise<RatingSummary> {
      const { count, sum } = await reviews.ratingsOf(productId);
      return ratingSummary(sum, count);
    },

    /**
     * A review by whoever is signed in: their name and e-mail come from the session, never from the
     * request. Stamped now, so it is the newest (the home page shows the newest three). A review of a
     * product is marked as a verified buyer's when its author has a paid order of it now: decided
     * here, once, from the orders, never from anything the browser says.
     */
    async add(author: SignedInUser, input: ReviewInput): Promise<Review & { productId: string | null; verifiedBuyer: boolean }> {
      const productId = input.productId ?? null;
      if (productId !== null && !(await catalogue.exists(productId))) {
        throw new AppError(400, 'VALIDATION_FAILED', 'That tool is no longer in the catalogue. Choose another, or none.');
      }
      const verifiedBuyer = productId !== null && (await purchases.hasBought(author, productId));
      const row: ReviewRow = {
        id: newRecordId(),
        name: author.name,
        email: author.email,
        review: input.review,
        ratings: input.ratings,
        created_at: clock().toISOString(),
        product_id: productId,
        verified_buyer: verifiedBuyer ? 1 : 0,
      };
      await reviews.insert(row);
      return { ...toReview(row), productId, verifiedBuyer };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
