import { z } from 'zod';
import { cartLimits } from '../cart-rules.ts';
import { reportRangeQuerySchema } from './reports.ts';
import { cartLineInputSchema } from './cart.ts';
import { emailFieldSchema } from './inbox-forms.ts';

/** Carts that come back (ADR 045): a guest's cart kept for its reminders, the links of a reminder, and the report. */

/** The most reminders one untouched cart brings, until its person buys. */
export const cartRemindersPerEpisode = 2;

/** The checkout's tick box for a guest, unticked until they tick it. */
export const cartReminderConsentLabel = 'E-mail me my cart if I don’t finish';

/**
 * `POST /guest-carts`: a guest who ticked the box at checkout asks the shop to keep their cart, with
 * the address to remind. The lines are as many as a customer's cart may hold.
 */
export const guestCartInputSchema = z.object({
  email: z.string().pipe(emailFieldSchema),
  lines: z.array(cartLineInputSchema).min(1, 'The cart is empty.').max(cartLimits.lines, `A cart holds at most ${cartLimits.lines} different tools.`),
});
export type GuestCartInput = z.infer<typeof guestCartInputSchema>;

export const guestCartResultSchema = z.object({ email: z.string() });

/** The token of a reminder's links (restore the cart, stop the reminders). */
export const cartReminderTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** What a restore link opens: a customer's cart (theirs on the server), or a guest's lines for the browser's cart. */
export const restoredCartSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('customer'),
    yours: z.boolean().meta({ description: 'Whether the cart is the signed-in caller’s: false when nobody, or someone else, is signed in' }),
  }),
  z.object({ kind: z.literal('guest'), lines: z.array(cartLineInputSchema) }),
]);
export type RestoredCart = z.infer<typeof restoredCartSchema>;

export const cartRemindersStoppedSchema = z.object({ email: z.string() });
export type CartRemindersStopped = z.infer<typeof cartRemindersStoppedSchema>;

export const cartsReportQuerySchema = reportRangeQuerySchema;

/** `GET /reports/carts`: the reminders sent and the carts that came back, by UTC day as they were kept. */
export const cartsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  cartsReminded: z.number().int().meta({ description: 'Carts sent a first reminder in the range' }),
  remindersSent: z.number().int().meta({ description: 'Reminders sent in the range, first and second' }),
  cameBack: z.number().int().meta({ description: 'Orders paid from a cart after a reminder, in the range' }),
  worth: z.number().meta({ description: 'US dollars: what those orders came to' }),
});
export type CartsReport = z.infer<typeof cartsReportSchema>;
