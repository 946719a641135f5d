import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ShutdownSettings } from './config/env.ts';
import type { ServingState } from './modules/health/serving-state.ts';

/** How often connections that fell idle while the process drains are closed. */
const idleSweepMs = 100;

/**
 * How a server process leaves on SIGTERM (ADR 051). It drains at once (its readiness answers 503 and
 * every answer closes its connection) and goes on serving for `delayMs`, so that a load balancer's
 * health check sees it before connections are refused. Then it stops listening, lets the requests
 * in flight finish and its background jobs stop, each within `graceMs`: a request still running
 * then is cut off, and a job still running is handed back for another process to run. Last the app
 * closes, and with it the database.
 */
export async function leaveGently(app: FastifyInstance, serving: ServingState, { delayMs, graceMs }: ShutdownSettings): Promise<void> {
  serving.startDraining();
  app.log.info({ delayMs, graceMs }, 'draining: readiness answers 503');
  await sleep(delayMs);

  const { server } = app;
  let requestsRunning = true;
  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve())).finally(() => (requestsRunning = false));
  // server.close() closes the connections idle at that moment; one whose answer was under way when
  // draining began may be kept alive after it, and would hold the close until it timed out.
  const sweep = setInterval(() => server.closeIdleConnections(), idleSweepMs);
  const deadline = setTimeout(() => {
    if (!requestsRunning) return;
    app.log.warn({ graceMs }, 'requests still running at the end of the grace period were cut off');
    server.closeAllConnections();
  }, graceMs);
  try {
    await Promise.all([requestsDone, app.jobs.stop({ handBackAfterMs: graceMs })]);
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  await app.close();
}
