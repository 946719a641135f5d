import nodemailer from 'nodemailer';
import type { EmailSender } from './email-sender.ts';

export interface SmtpSettings {
  /** smtps://user:password@host:465 (TLS from the start) or smtp://…:587 (upgraded with STARTTLS). */
  url: string;
  from: string;
  /** A certificate authority to trust besides the system's (a private relay's own). */
  ca: string | undefined;
}

/**
 * Sends through an SMTP server, always over TLS: a plain smtp:// address must offer STARTTLS, or the
 * message is not sent (a password or a reset link never crosses the network in clear).
 */
export function createSmtpEmailSender(settings: SmtpSettings): EmailSender {
  const transport = nodemailer.createTransport({
    url: settings.url,
    requireTLS: true,
    pool: true,
    maxConnections: 2,
    tls: { minVersion: 'TLSv1.2', ...(settings.ca && { ca: settings.ca }) },
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
