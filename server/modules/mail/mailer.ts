import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isMailableAddress } from '../../../common/contact-rules.ts';
import type { Database } from '../../db/database.ts';
import { defineTask, type JobQueue } from '../jobs/job-queue.ts';
import type { EmailSender } from './email-sender.ts';
import { stableMessageId } from './message-id.ts';
import type { EmailContent } from './templates/email-content.ts';
import { emailContentSchema } from './templates/email-content-schema.ts';
import { renderEmail } from './templates/render-email.ts';

export const sendEmailTask = 'send-email';

/** A file a message carries, named by what it is: drawn (or read) when the message is sent, never kept in the job. */
const attachmentSchema = z.object({ kind: z.literal('invoice'), orderId: z.string() });
export type MailAttachment = z.infer<typeof attachmentSchema>;

const emailJobSchema = z.object({
  // The shop's one e-mail rule: every address a call accepts is one this job takes.
  to: z.string().refine(isMailableAddress, 'Not an address the shop can mail'),
  content: emailContentSchema,
  headers: z.record(z.string(), z.string()).optional(),
  attachments: z.array(attachmentSchema).max(5).optional(),
  // Drawn once as the message is queued and kept in its job, so every attempt sends the same Message-ID
  // (ADR 057). Not the job's id: a database restored from a backup hands out its ids again, and a mail
  // program would hide a new message behind an old one's ID. Absent from jobs queued before it existed.
  messageKey: z.uuid().optional(),
});

/** Finds the file an attachment names: an order's invoice as a PDF (none when the order has none). */
export type AttachmentFiles = (attachment: MailAttachment) => Promise<{ fileName: string; pdf: Buffer } | undefined>;
type EmailJob = z.infer<typeof emailJobSchema>;

/** The address with most of its name hidden: enough for the admin to tell messages apart. */
function maskedAddress(address: string): string {
  const [name = '', domain = ''] = address.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}

/**
 * Delivers one message: renders it in the shop's layout and hands it to the sender. A refusal (the
 * provider busy, the network down) throws, and the job system tries again later with back-off;
 * after the last attempt the message is listed among the admin's failed jobs, with a Retry button.
 */
export function sendEmailTaskDefinition(sender: EmailSender, publicUrl: string, files: AttachmentFiles) {
  return defineTask<EmailJob>({
    name: sendEmailTask,
    payload: emailJobSchema,
    maxAttempts: 8,
    describe: (job) => `"${job.content.subject}" to ${maskedAddress(job.to)}`,
    async handler(job, run) {
      const messageId = stableMessageId(job.messageKey ?? `job-${run.id}`, publicUrl);
      const rendered = await renderEmail(job.content, publicUrl);
      const attachments = [];
      for (const attachment of job.attachments ?? []) {
        const file = await files(attachment);
        if (file) attachments.push({ filename: file.fileName, content: file.pdf, contentType: 'application/pdf' });
      }
      await sender.send({ to: job.to, ...rendered, messageId, ...(job.headers && { headers: job.headers }), ...(attachments.length > 0 && { attachments }) });
    },
  });
}

/** How the shop's modules send mail: queued with the change that causes it, delivered by the job system. */
export interface Mailer {
  /**
   * Queues a message through `executor`, the caller's transaction: it goes out exactly when the change
   * commits and survives a restart. The mail server may be handed it more than once (a process killed
   * after handing it over and before its job was marked done); every copy carries the same Message-ID,
   * so its reader sees it once (ADR 057).
   */
  enqueue(executor: Database, message: { to: string; content: EmailContent; headers?: Record<string, string>; attachments?: MailAttachment[] }): Promise<void>;
}

export function createMailer(jobs: Pick<JobQueue, 'enqueue'>): Mailer {
  return {
    async enqueue(executor, message) {
      await jobs.enqueue(executor, sendEmailTask, { ...message, messageKey: randomUUID() });
    },
  };
}
