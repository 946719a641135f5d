import type { FastifyInstance } from 'fastify';
import type { JobQueue } from './job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (ADR 009). */
    jobs: JobQueue;
  }
}

/** The queue starts with the app and stops as it closes, before the database does. */
export function registerJobQueue(app: FastifyInstance, jobs: JobQueue): void {
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  // preClose, not onClose: onClose hooks run last-registered first, so the database's own (server.ts
  // adds it after building the app) would close it under the runner's feet.
  app.addHook('preClose', () => jobs.stop());
}
