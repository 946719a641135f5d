import { z } from 'zod';
import { dollarsToCents } from '../money.ts';

/** Whether a number of dollars is a whole number of cents (the float error of typed decimals aside). */
export const isWholeCents = (dollars: number) => Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6;

/**
 * An amount of US dollars an admin types: a number from `min` up to `max`, with at most two decimals.
 * One message for anything else, which names the bounds.
 */
export function dollarAmountSchema({ min, max, message }: { min: number; max: number; message: string }) {
  return z.number({ error: message }).refine((dollars) => Number.isFinite(dollars) && dollars >= min && dollars <= max && isWholeCents(dollars), message);
}
