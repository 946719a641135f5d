import { z } from 'zod';
import { maxRating, minRating } from '../catalogue.ts';
import { reviewLimits, reviewMessages } from '../shop-management.ts';

/**
 * A customer review as the wire carries it; ratings are a whole number out of 5. The reviewer's
 * address is masked ("a•••@example.com"): reviews are public, addresses are not.
 */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().meta({ description: "The reviewer's e-mail address, masked" }),
  review: z.string(),
  ratings: z.number().int().min(minRating).max(maxRating),
});
export type Review = z.infer<typeof reviewSchema>;

/** `POST /reviews` (signed in): the name and e-mail come from the session. */
export const reviewInputSchema = z.object({
  // The specification's client sends ratings as text ("4"); digits are taken as the number they spell.
  ratings: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: reviewMessages.ratingsRequired }).int(reviewMessages.ratingsRange).min(minRating, reviewMessages.ratingsRange).max(maxRating, reviewMessages.ratingsRange),
  ),
  review: z.string({ error: reviewMessages.reviewRequired }).trim().min(1, reviewMessages.reviewRequired).max(reviewLimits.review, reviewMessages.reviewTooLong),
  // Which product the review is about, if any (the form's "no particular tool" sends nothing or '').
  productId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().max(100).optional().meta({ description: 'The product the review is about; optional' }),
  ),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

/**
 * One review on a product's page: besides the home page's fields, when it was written and whether
 * its author had paid for the product by then (decided by the server when it was written).
 */
export const productReviewSchema = reviewSchema.extend({
  productId: z.string(),
  verifiedBuyer: z.boolean().meta({ description: 'The author had a paid order of this product when writing it' }),
  createdAt: z.string().meta({ description: 'When it was written (ISO 8601)' }),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

export const reviewCreatedSchema = reviewSchema.extend({
  insertedId: z.string(),
  productId: z.string().nullable().meta({ description: 'The product the review is about, or null' }),
  verifiedBuyer: z.boolean().meta({ description: 'The author has a paid order of that product' }),
});
