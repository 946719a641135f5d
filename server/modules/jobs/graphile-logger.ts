import type { FastifyBaseLogger } from 'fastify';
import { Logger } from 'graphile-worker';

/**
 * graphile-worker's messages in the server's log. Only its message and scope (worker, task and job
 * ids) are passed on: its metadata carries whole jobs, whose payloads may hold personal details.
 */
export function graphileLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message) => {
    const fields = { jobQueue: scope };
    // Compared as text: graphile's LogLevel is a const enum, which isolated modules cannot read.
    switch (level as string) {
      case 'error':
        log.error(fields, message);
        break;
      case 'warning':
        log.warn(fields, message);
        break;
      case 'info':
        log.info(fields, message);
        break;
      default:
        log.debug(fields, message);
    }
  });
}
