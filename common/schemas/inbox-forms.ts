import * as z from 'zod/mini';
import { contactLimits, contactMessages, emailPattern, loosePhonePattern } from '../contact-rules.ts';

// The home page and the footer check these forms in the browser before anything else loads, so they
// are written with zod/mini: the same rules and messages as full zod at a fraction of the first
// load's weight. The server validates the same requests with these very schemas.

export const emailFieldSchema = z.string({ error: contactMessages.emailRequired }).check(
  z.trim(),
  // A blank address gets one message, not "required" and "invalid" both.
  z.minLength(1, { error: contactMessages.emailRequired, abort: true }),
  z.maxLength(contactLimits.email, contactMessages.emailInvalid),
  z.regex(emailPattern, contactMessages.emailInvalid),
);

/** `POST /newsletter`, and the newsletter forms. */
export const newsletterSubscriptionSchema = z.object({ email: emailFieldSchema });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** `POST /contact-messages`, and the home page's contact form: the phone number may be left blank. */
export const contactMessageInputSchema = z.object({
  email: emailFieldSchema,
  name: z.string({ error: contactMessages.nameRequired }).check(z.trim(), z.minLength(1, contactMessages.nameRequired), z.maxLength(contactLimits.name)),
  phone: z._default(
    z.string().check(
      z.trim(),
      z.maxLength(contactLimits.phone, contactMessages.phoneInvalid),
      z.refine((phone) => phone === '' || loosePhonePattern.test(phone), contactMessages.phoneInvalid),
    ),
    '',
  ),
  requirement: z
    .string({ error: contactMessages.requirementRequired })
    .check(z.trim(), z.minLength(1, contactMessages.requirementRequired), z.maxLength(contactLimits.requirement)),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
