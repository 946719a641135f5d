import { z } from 'zod';
import type { EmailContent } from './email-content.ts';

/** An e-mail's content as a job stores it: checked when enqueued and again when delivered. */
export const emailContentSchema: z.ZodType<EmailContent> = z.object({
  subject: z.string().min(1).max(300),
  preview: z.string().max(300),
  heading: z.string().min(1).max(300),
  paragraphs: z.array(z.string().max(5000)).max(20),
  richBody: z.object({ html: z.string().max(500_000), text: z.string().max(200_000) }).optional(),
  order: z
    .object({
      reference: z.string(),
      caption: z.string().max(200).optional(),
      lines: z.array(z.object({ name: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() })).max(100),
      sums: z
        .array(z.object({ label: z.string().max(200), figure: z.string().max(50) }))
        .max(12)
        .optional(),
      total: z.number(),
    })
    .optional(),
  action: z.object({ label: z.string(), url: z.url() }).optional(),
  footnote: z.string().max(2000).optional(),
  unsubscribeUrl: z.url().optional(),
});
