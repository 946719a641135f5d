import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.ts';
import type { SmsSender } from './sms-sender.ts';

/** Where, outside production, the log sender also writes each message, one JSON object per line. */
export function smsOutboxFile(dataDir: string): string {
  return path.join(dataDir, 'sms-outbox.jsonl');
}

/**
 * The default sender, for a shop without an SMS gateway: the message goes to the server log, where
 * the operator can read a code out to a customer. Outside production it is also appended to an
 * outbox file, which the end-to-end tests read.
 */
export function createLogSmsSender(options: { log: FastifyBaseLogger; outboxFile: string | undefined; clock: Clock }): SmsSender {
  return {
    async send(message) {
      options.log.info({ sms: message }, 'text message (no SMS gateway is configured)');
      if (options.outboxFile) {
        await fs.promises.mkdir(path.dirname(options.outboxFile), { recursive: true });
        await fs.promises.appendFile(options.outboxFile, `${JSON.stringify({ ...message, sentAt: options.clock().toISOString() })}\n`);
      }
    },
  };
}
