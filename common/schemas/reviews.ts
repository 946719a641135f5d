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
    z
      .number({ error: reviewMessages.ratingsRequired })
      .int(reviewMessages.ratingsRange)
      .min(minRating, reviewMessages.ratingsRange)
      .max(maxRating, reviewMessages.ratingsRange),
  ),
  review: z
    .string({ error: reviewMessages.reviewRequired })
    .trim()
    .min(1, reviewMessages.reviewRequired)
    .max(reviewLimits.review, reviewMessages.reviewTooLong),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;
export const reviewCreatedSchema = reviewSchema.extend({ insertedId: z.string() });
