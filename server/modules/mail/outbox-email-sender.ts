import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { EmailSender } from './email-sender.ts';

/** One line of the outbox's index: enough for a person or a test to find a message and its link. */
export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  /** The .eml file beside the index, as a mail client would receive it. */
  file: string;
  /** The names of the files it carries. */
  attachments: string[];
  sentAt: string;
}

export function mailOutboxDir(dataDir: string): string {
  return path.join(dataDir, 'mail-outbox');
}

export const outboxIndexName = 'index.jsonl';

/**
 * The default sender, for a shop without an SMTP server: a line in the log names each message (never
 * its body, which may hold a sign-in link), and outside production the whole message is written to
 * the outbox folder, as an .eml file and a line of the JSON index that the tests read.
 */
export function createOutboxEmailSender(options: { log: FastifyBaseLogger; outboxDir: string | undefined; from: string; now: () => Date }): EmailSender {
  // Nodemailer composes the message exactly as it would send it, into a buffer instead of a socket.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      options.log.info({ mail: { to: message.to, subject: message.subject } }, 'e-mail (no SMTP server is configured)');
      if (!options.outboxDir) return;
      const sentAt = options.now().toISOString();
      const composed = await composer.sendMail({ from: options.from, ...message });
      const file = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await fs.promises.mkdir(options.outboxDir, { recursive: true });
      await fs.promises.writeFile(path.join(options.outboxDir, file), composed.message as Buffer);
      const entry: OutboxEntry = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        headers: message.headers ?? {},
        file,
        attachments: (message.attachments ?? []).map((attachment) => attachment.filename),
        sentAt,
      };
      await fs.promises.appendFile(path.join(options.outboxDir, outboxIndexName), `${JSON.stringify(entry)}\n`);
    },
    close() {
      composer.close();
      return Promise.resolve();
    },
  };
}
