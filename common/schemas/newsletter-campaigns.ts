import { z } from 'zod';
import { richTextProblems } from '../rich-text.ts';

export const campaignLimits = { subject: 150, body: 50_000 } as const;

export const campaignMessages = {
  subject: 'Give the e-mail a subject',
  subjectLong: `A subject is at most ${campaignLimits.subject} characters`,
  body: 'Write what the e-mail says',
  bodyLong: `The text is at most ${campaignLimits.body.toLocaleString('en-US')} characters`,
  noProduct: (slug: string) => `No product in the catalogue has the address ${slug}`,
  notDraft: 'This campaign has been sent or scheduled already: only a draft can be changed or sent.',
  notScheduled: 'Only a scheduled campaign that has not started can be cancelled.',
  past: 'Choose a time from now on',
  noAudience: 'Nobody has confirmed the newsletter yet: there is nobody to send it to.',
} as const;

/** `POST /newsletter/campaigns` and `PUT`/`PATCH /newsletter/campaigns/{id}`, and the admin's editor: the same rules on both sides. */
export const campaignInputSchema = z.object({
  subject: z.string({ error: campaignMessages.subject }).trim().min(1, campaignMessages.subject).max(campaignLimits.subject, campaignMessages.subjectLong),
  body: z
    .string({ error: campaignMessages.body })
    .trim()
    .min(1, campaignMessages.body)
    .max(campaignLimits.body, campaignMessages.bodyLong)
    // Unsafe links and malformed product lines, in the editor's words; whether a product exists is the server's to say.
    .superRefine((body, context) => {
      for (const problem of richTextProblems(body)) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

/** `PATCH`: any of the fields. */
export const campaignPatchSchema = campaignInputSchema.partial();

/** `POST /newsletter/campaigns/{id}/send`: now, or at a time to come. */
export const campaignSendSchema = z.object({
  at: z.iso.datetime({ offset: true, error: 'A date and time, such as 2026-12-01T09:00:00Z' }).optional(),
});
export type CampaignSend = z.infer<typeof campaignSendSchema>;

export const campaignIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Where a campaign stands: sent once every message to its audience is done (sent, failed or skipped). */
export const campaignStates = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type CampaignState = (typeof campaignStates)[number];

export const campaignStateLabels: Record<CampaignState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};

/** A campaign with its figures. */
export const campaignSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  body: z.string(),
  state: z.enum(campaignStates),
  createdAt: z.string(),
  updatedAt: z.string(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  /** The confirmed subscribers when it started sending (0 before). */
  recipients: z.number().int(),
  /** Messages handed to the mail server. */
  sent: z.number().int(),
  /** Messages the mail server refused after every retry. */
  failed: z.number().int(),
  /** Addresses that left the list before their message's turn: nothing was sent to them. */
  skipped: z.number().int(),
  /** Readers who unsubscribed with this campaign's link. */
  unsubscribed: z.number().int(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** How many a campaign would go to now: the confirmed subscribers. */
export const campaignAudienceSchema = z.object({ confirmedSubscribers: z.number().int() });
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

/** The e-mail as a reader would get it, for the editor's preview. */
export const campaignPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

/** A test copy went to this address (the signed-in admin's). */
export const campaignTestSchema = z.object({ to: z.string() });
