import { z } from 'zod';
import { cardDigits, cardMessages, parseExpiry, passesLuhn } from '../card-rules.ts';

export const cardholderNameSchema = z.string({ error: cardMessages.nameRequired }).trim().min(1, cardMessages.nameRequired).max(100);

/**
 * A card's number, expiry and CVC, checked as a card processor checks them before it tries a charge:
 * by the local test processor on the server and by its card form in the browser. `clock` says
 * what month it is.
 */
export function cardDetailsSchema(clock: () => Date) {
  return z.object({
    cardNumber: z.string({ error: cardMessages.numberInvalid }).refine((number) => passesLuhn(cardDigits(number)), cardMessages.numberInvalid),
    expiry: z.string({ error: cardMessages.expiryInvalid }).superRefine((text, context) => {
      const expiry = parseExpiry(text);
      if (!expiry) {
        context.addIssue({ code: 'custom', message: cardMessages.expiryInvalid });
        return;
      }
      // A card is good through the last day of its expiry month.
      const now = clock();
      if (expiry.year * 12 + (expiry.month - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth()) {
        context.addIssue({ code: 'custom', message: cardMessages.expired });
      }
    }),
    cvc: z
      .string({ error: cardMessages.cvcInvalid })
      .trim()
      .regex(/^\d{3,4}$/, cardMessages.cvcInvalid),
  });
}

/** The local test processor's card form: the name on the card, then the card. */
export const cardFormSchema = (clock: () => Date) => z.object({ name: cardholderNameSchema, ...cardDetailsSchema(clock).shape });
export type CardForm = z.output<ReturnType<typeof cardFormSchema>>;
