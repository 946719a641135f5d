import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export interface ShopLogSettings {
  /** At or above which level lines are written (LOG_LEVEL). */
  level: string;
  /** Nothing is written: tests keep their output quiet. */
  quiet?: boolean;
  /** Where the lines go instead of standard output (tests read them). */
  stream?: { write(line: string): void };
}

/**
 * The shop's one log. The services write to it from the start, before any HTTP app exists; the app
 * is then given it (Fastify's `loggerInstance`), so that a request's lines and a job's go to the same
 * place in the same form.
 */
export function createShopLog({ level, quiet = false, stream }: ShopLogSettings): FastifyBaseLogger {
  const options = {
    level,
    enabled: !quiet,
    // Fastify's request serializer logs no headers; this keeps credentials out should that change.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  return stream ? pino(options, stream) : pino(options);
}
