import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.ts';
import type { AppConfig } from '../../../config/env.ts';
import { createLogSmsSender, smsOutboxFile } from './log-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

/** Twilio when it is configured; otherwise the log (and, outside production, the outbox file). */
export function createSmsSender(config: AppConfig, log: FastifyBaseLogger, clock: Clock): SmsSender {
  const { sms } = config.auth;
  if (sms.kind === 'twilio') return createTwilioSmsSender(sms);
  return createLogSmsSender({ log, outboxFile: config.env === 'production' ? undefined : smsOutboxFile(config.dataDir), clock });
}
