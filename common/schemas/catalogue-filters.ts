import { z } from 'zod';
import { catalogueFilterMessages as messages } from '../catalogue.ts';
import { productLimits } from '../shop-management.ts';

/** True when a dollar amount has at most two decimals (whole cents). */
const wholeCents = (dollars: number) => Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;

/** One end of the catalogue's price range, in US dollars: 0 or more, whole cents. */
export const priceBoundSchema = z
  .number({ error: messages.priceNotNumber })
  .min(0, messages.priceNegative)
  .max(productLimits.maxPrice, messages.priceTooHigh)
  .refine(wholeCents, messages.priceCents);

/** A range whose ends may each be missing; where both are given, the highest may not be below the lowest. */
export function maxNotBelowMin(range: { minPrice?: number | undefined; maxPrice?: number | undefined }): boolean {
  return range.minPrice === undefined || range.maxPrice === undefined || range.maxPrice >= range.minPrice;
}
export const maxBelowMinIssue = { message: messages.maxBelowMin, path: ['maxPrice'] };

/** A number input's text: blank means no bound. */
const typedBound = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : Number(text)))
  .pipe(priceBoundSchema.optional());

/** The catalogue page's price range form: two number inputs, either may stay blank. */
export const priceRangeFormSchema = z.object({ minPrice: typedBound, maxPrice: typedBound }).refine(maxNotBelowMin, maxBelowMinIssue);
export type PriceRangeForm = z.input<typeof priceRangeFormSchema>;
export type PriceRange = z.output<typeof priceRangeFormSchema>;
