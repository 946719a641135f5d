import type { MailMetrics } from '../metrics/shop-metrics.ts';
import type { EmailSender } from './email-sender.ts';

/**
 * The sender every message goes through (the mail job's, a newsletter campaign's), counting what the
 * mail server took and what it refused or could not be reached for (ADR 052). A failure still throws,
 * so that the job delivering it tries again later.
 */
export function countedEmailSender(sender: EmailSender, metrics: MailMetrics): EmailSender {
  return {
    async send(message) {
      try {
        await sender.send(message);
      } catch (error) {
        metrics.failed();
        throw error;
      }
      metrics.sent();
    },
    close: () => sender.close(),
  };
}
