import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** One message the shop wrote to its outbox (no SMTP server is set in these tests; see outbox-email-sender.ts). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

function outboxMessages(): OutboxMessage[] {
  const index = path.join(process.env.E2E_DATA_DIR ?? '', 'mail-outbox', 'index.jsonl');
  if (!fs.existsSync(index)) return [];
  return fs
    .readFileSync(index, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as OutboxMessage);
}

function mailsTo(to: string, subject: string): OutboxMessage[] {
  return outboxMessages().filter((message) => message.to === to.toLowerCase() && message.subject === subject);
}

/** The latest message with this subject to `to`, waiting for the shop's job runner to send it. */
export async function lastMailTo(to: string, subject: string): Promise<OutboxMessage> {
  await expect.poll(() => mailsTo(to, subject).length, { timeout: 15_000, message: `"${subject}" to ${to}` }).toBeGreaterThan(0);
  return mailsTo(to, subject).at(-1)!;
}

/** The address in a message's text that leads to this path (the text part names every link in full). */
export function linkIn(text: string, pathname: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in:\n${text}`);
  return link;
}

/**
 * The link to `page` in the `count`-th message to `to` with this subject, once the shop has sent it
 * (mail goes out as a background job, a moment after the click that causes it).
 */
export async function linkInMail(to: string, subject: string, page: string, count = 1): Promise<string> {
  await expect.poll(() => mailsTo(to, subject).length, { timeout: 15_000, message: `"${subject}" to ${to}` }).toBeGreaterThanOrEqual(count);
  return linkIn(mailsTo(to, subject)[count - 1]!.text, page);
}

/** Whether a message with this subject reached `to` (waiting for it a while). */
export async function expectMail(to: string, subject: string): Promise<void> {
  await lastMailTo(to, subject);
}
