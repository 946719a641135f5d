import { z } from 'zod';

/**
 * A customer's data in their hands (ADR 046): the file of everything the shop keeps about them, and
 * the deletion of their account.
 */

/** How recent a sign-in must be for its session to delete the account (better-auth's "fresh session", shortened). */
export const freshSignInMinutes = 10;

/** What the export file says it is, so that a reader can tell one version of its shape from another. */
export const customerDataFormat = 'joinery-customer-data/1';

/** `DELETE /api/account?confirm=yes`, `DELETE /api/users/{email}/account?confirm=yes`: the page's confirmation, spelt out. */
export const accountDeletionQuerySchema = z.object({
  confirm: z.literal('yes', { error: 'Confirm the deletion first.' }).meta({ description: 'yes: the person confirmed, in the dialog that says what is erased and what is kept' }),
});

/** The answer once an account is erased. */
export const accountErasedSchema = z.object({
  erased: z.literal(true),
  cancelledOrders: z.number().int().meta({ description: 'Unpaid orders cancelled with the account' }),
  anonymisedOrders: z.number().int().meta({ description: 'Orders kept without the person: numbers, lines, amounts and tax stay' }),
});
export type AccountErased = z.infer<typeof accountErasedSchema>;

/** What is erased and what is kept, as the confirmation dialogs say it. */
export const accountDeletionTerms = {
  erased: [
    'your profile, sign-in methods and every session',
    'your saved addresses, cart and wishlist',
    'your reviews, newsletter subscription, stock alerts and messages to the shop',
    'your name, e-mail, phone and address on your orders',
  ],
  kept: 'Invoices and credit notes as they were issued (their numbers, amounts, dates and tax, which the tax authorities require us to keep), and what was bought, without your name.',
} as const;
