import { z } from 'zod';

export const minRating = 1;
export const maxRating = 5;

/** A customer review as the wire carries it; ratings are a whole number out of 5. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  review: z.string(),
  ratings: z.number().int().min(minRating).max(maxRating),
});
export type Review = z.infer<typeof reviewSchema>;
