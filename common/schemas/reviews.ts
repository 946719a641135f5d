import { z } from 'zod';
import { maxRating, minRating } from '../catalogue.ts';


/** A customer review as the wire carries it; ratings are a whole number out of 5. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  review: z.string(),
  ratings: z.number().int().min(minRating).max(maxRating),
});
export type Review = z.infer<typeof reviewSchema>;
