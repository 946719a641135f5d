import { z } from 'zod';

export { contactMessageInputSchema, emailFieldSchema, newsletterSubscriptionSchema, type ContactMessageInput, type NewsletterSubscription } from './inbox-forms.ts';

/**
 * The answer to a subscription, the same whatever the address's state, so that it tells nobody whether
 * an address is on the list: only the e-mail sent to it differs.
 */
export const newsletterSubscriptionResultSchema = z.object({ email: z.string() });

/** The token from a newsletter e-mail's link, which confirms the address or unsubscribes it. */
export const newsletterTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });
export type NewsletterToken = z.infer<typeof newsletterTokenSchema>;

/** The address a newsletter link confirmed or unsubscribed, for the page to name it. */
export const newsletterAddressSchema = z.object({ email: z.string() });
export type NewsletterAddress = z.infer<typeof newsletterAddressSchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  requirement: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageCreatedSchema = contactMessageSchema.extend({ insertedId: z.string() });

/** A newsletter subscriber, for the admin's inbox. */
export const newsletterSubscriberSchema = z.object({ _id: z.string(), email: z.string(), createdAt: z.string() });
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;
