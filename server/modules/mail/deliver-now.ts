import type { EmailSender } from './email-sender.ts';
import { stableMessageId } from './message-id.ts';
import type { EmailContent } from './templates/email-content.ts';
import { renderEmail } from './templates/render-email.ts';

/**
 * One message rendered in the shop's layout and handed to the mail server at once. `messageKey` names
 * the message for good (a campaign's recipient row): every attempt sends the Message-ID made from it,
 * so a reader sees one copy of a message the mail server was handed twice (ADR 057).
 */
export type DeliverNow = (message: { to: string; content: EmailContent; messageKey: string; headers?: Record<string, string> }) => Promise<void>;

/**
 * Delivery for a module that queues its own messages (a newsletter campaign, whose messages are
 * checked and counted one by one when they go): it runs inside that module's job, which retries a
 * refusal as the mail job does.
 */
export function createDeliverNow(sender: EmailSender, publicUrl: string): DeliverNow {
  return async ({ to, content, messageKey, headers }) => {
    const rendered = await renderEmail(content, publicUrl);
    await sender.send({ to, ...rendered, messageId: stableMessageId(messageKey, publicUrl), ...(headers && { headers }) });
  };
}

/**
 * Whether a delivery failed for good: the mail server answered 5xx (no such mailbox, refused), which
 * it would answer again. A 4xx answer or a network failure is worth trying later.
 */
export function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
