import { z } from 'zod';
import { contactLimits, contactMessages, emailPattern, loosePhonePattern } from '../contact-rules.ts';

export const emailFieldSchema = z
  .string()
  .trim()
  // A blank address gets one message, not "required" and "invalid" both.
  .min(1, { error: contactMessages.emailRequired, abort: true })
  .max(contactLimits.email, contactMessages.emailInvalid)
  .regex(emailPattern, contactMessages.emailInvalid);

export const newsletterSubscriptionSchema = z.object({ email: emailFieldSchema });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

export const newsletterSubscriptionResultSchema = z.object({
  email: z.string(),
  alreadySubscribed: z.boolean().meta({ description: 'True when the address was on the list before; not an error' }),
});

export const contactMessageInputSchema = z.object({
  email: emailFieldSchema,
  name: z.string().trim().min(1, contactMessages.nameRequired).max(contactLimits.name),
  phone: z
    .string()
    .trim()
    .max(contactLimits.phone, contactMessages.phoneInvalid)
    .refine((phone) => phone === '' || loosePhonePattern.test(phone), contactMessages.phoneInvalid)
    .default(''),
  requirement: z.string().trim().min(1, contactMessages.requirementRequired).max(contactLimits.requirement),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

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
