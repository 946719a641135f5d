import fp from 'fastify-plugin';
import type { RequestLogSettings } from '../config/env.ts';

/** Query parameters that carry a secret: a mailed link's token, a guest order's key, a sign-in code. */
const secretParameters = /([?&](?:token|key|code)=)[^&#]*/gi;

/** A request's address as the log keeps it: without the secrets a link carries. */
export const loggableUrl = (url: string) => url.replace(secretParameters, '$1…');

/** What a request's log line says of it. */
function requestLine(method: string, url: string, statusCode: number, responseTime: number) {
  return { req: { method, url: loggableUrl(url) }, res: { statusCode }, responseTime };
}

/**
 * One line per request, and only for the requests worth reading: slow ones, server errors (whose
 * cause the error handler logs beside them), a sample of the rest, or every one when the access log
 * is on. Two lines for every request cost the shop a third of its speed on its busiest calls.
 * Fastify's own request logging is off (`disableRequestLogging` in the app's log controller).
 */
export const requestLog = fp<RequestLogSettings>(
  (app, { accessLog, slowRequestMs, sampleRate }, loaded) => {
    // A callback, not an async function: it runs for every request and logs few (ADR 035).
    app.addHook('onResponse', (request, reply, done) => {
      const responseTime = reply.elapsedTime;
      const slow = responseTime >= slowRequestMs;
      const failed = reply.statusCode >= 500;
      if (accessLog || slow || failed || (sampleRate > 0 && Math.random() < sampleRate)) {
        const line = requestLine(request.method, request.url, reply.statusCode, responseTime);
        if (slow || failed) request.log.warn(line, slow ? 'slow request' : 'request failed');
        else request.log.info(line, 'request completed');
      }
      done();
    });
    loaded();
  },
  { name: 'request-log', fastify: '5.x' },
);
