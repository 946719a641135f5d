import fs from 'node:fs';
import path from 'node:path';
import { mailOutboxDir, type OutboxEntry, outboxIndexName } from '../modules/mail/outbox-email-sender.ts';

/** The messages a shop without an SMTP server wrote to its outbox, oldest first. */
export function outboxMessages(dataDir: string): OutboxEntry[] {
  const index = path.join(mailOutboxDir(dataDir), outboxIndexName);
  if (!fs.existsSync(index)) return [];
  return fs
    .readFileSync(index, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/** The token of the newsletter link to this page in a message's text (the confirm or the unsubscribe page). */
export function newsletterTokenIn(text: string, page: 'confirm' | 'unsubscribe'): string {
  const token = new RegExp(`/newsletter/${page}\\?token=([\\w-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no /newsletter/${page} link in:\n${text}`);
  return token;
}
