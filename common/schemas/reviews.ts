import { z } from 'zod';
import { maxRating, minRating } from '../catalogue.ts';
import { reviewLimits, reviewMessages } from '../shop-management.ts';
import { reviewReplyLimits, reviewReplyMessages } from '../review-replies.ts';

/** The shop's public answer under a review: one per review, replaced when staff edit it. */
export const reviewReplySchema = z.object({
  text: z.string(),
  repliedAt: z.string().meta({ description: 'When the reply was last written (ISO 8601)' }),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

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
  // Only on a review the shop answered: the specification's fields stay as they were on every other.
  reply: reviewReplySchema.optional().meta({ description: 'The shop’s reply under the review, when it has one' }),
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

/**
 * A review as staff list it (`GET /reviews/manage`): hidden ones too, with the product it is about
 * by name. The author's address stays masked: answering a review needs no one's address.
 */
export const staffReviewSchema = reviewSchema.extend({
  productId: z.string().nullable(),
  productName: z.string().nullable().meta({ description: 'The product’s name, or null when the review names none (or it was deleted)' }),
  verifiedBuyer: z.boolean(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable().meta({ description: 'When it was hidden from the public, or null while it is shown' }),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

/** `PATCH /reviews/{id}` (staff): hide the review from every public list and rating, or show it again. */
export const reviewVisibilityInputSchema = z.object({
  hidden: z.boolean({ error: 'Say whether the review is hidden (true) or shown (false)' }),
});
export type ReviewVisibilityInput = z.infer<typeof reviewVisibilityInputSchema>;

/** `POST /reviews/{id}/reply` (staff), and the Reviews page's reply form: the reply replaces any earlier one. */
export const reviewReplyInputSchema = z.object({
  text: z
    .string({ error: reviewReplyMessages.textRequired })
    .trim()
    .min(1, reviewReplyMessages.textRequired)
    .max(reviewReplyLimits.text, reviewReplyMessages.textTooLong)
    .meta({ description: `The shop’s public reply, up to ${reviewReplyLimits.text} characters` }),
});
export type ReviewReplyInput = z.infer<typeof reviewReplyInputSchema>;

export const reviewIdParamsSchema = z.object({ id: z.string().max(200) });
