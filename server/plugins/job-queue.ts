import fp from 'fastify-plugin';
import type { EmailSender } from '../modules/mail/email-sender.ts';
import type { JobQueue } from '../modules/jobs/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (ADR 009). */
    jobs: JobQueue;
  }
}

/**
 * The queue starts with the app and stops as it closes, before the database does; the mail sender
 * its jobs use closes after it.
 */
export const jobQueue = fp<{ jobs: JobQueue; emailSender: EmailSender }>(
  (app, { jobs, emailSender }, loaded) => {
    app.decorate('jobs', jobs);
    app.addHook('onClose', () => emailSender.close());
    app.addHook('onReady', () => jobs.start());
    // preClose, not onClose: onClose hooks run last-registered first, so the database's own (server.ts
    // adds it after building the app) would close it under the runner's feet.
    app.addHook('preClose', () => jobs.stop());
    loaded();
  },
  // After the route checks, whose onReady hook runs first: a shop that refuses to start never starts running jobs.
  { name: 'job-queue', dependencies: ['route-access'], fastify: '5.x' },
);
