import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { EmailSender } from './email-sender.ts';
import { createOutboxEmailSender, mailOutboxDir } from './outbox-email-sender.ts';
import { createSmtpEmailSender } from './smtp-email-sender.ts';

/** SMTP when it is configured; otherwise the log (and, outside production, the outbox folder). */
export function createEmailSender(config: AppConfig, log: FastifyBaseLogger, now: () => Date): EmailSender {
  const { smtp, from } = config.mail;
  if (smtp) return createSmtpEmailSender({ url: smtp.url, from, ca: smtp.caFile ? fs.readFileSync(smtp.caFile, 'utf8') : undefined });
  if (config.env === 'production') {
    log.warn('No SMTP_URL is set: the shop cannot send e-mail (password resets, receipts, shipping notices). Each message is only named in the log.');
  }
  return createOutboxEmailSender({ log, outboxDir: config.env === 'production' ? undefined : mailOutboxDir(config.dataDir), from, now });
}
