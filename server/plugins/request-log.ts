import type { FastifyInstance } from 'fastify';
import type { RequestLogSettings } from '../config/env.ts';

/** What a request's log line says of it. */
export function requestLine(method: string, url: string, statusCode: number, responseTime: number) {
  return { req: { method, url }, res: { statusCode }, responseTime };
}

/**
 * One line per request, and only for the requests worth reading: slow ones, server errors (whose
 * cause the error handler logs beside them), a sample of the rest, or every one when the access log
 * is on. Two lines for every request cost the shop a third of its speed on its busiest calls.
 * Fastify's own request logging is off (`disableRequestLogging` in the app's log controller).
 */
export function registerRequestLog(app: FastifyInstance, { accessLog, slowRequestMs, sampleRate }: RequestLogSettings): void {
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = reply.elapsedTime;
    const slow = responseTime >= slowRequestMs;
    const failed = reply.statusCode >= 500;
    if (!accessLog && !slow && !failed && !(sampleRate > 0 && Math.random() < sampleRate)) return;
    const line = requestLine(request.method, request.url, reply.statusCode, responseTime);
    if (slow || failed) request.log.warn(line, slow ? 'slow request' : 'request failed');
    else request.log.info(line, 'request completed');
  });
}
