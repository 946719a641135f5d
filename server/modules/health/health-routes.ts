import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { AppError } from '../../errors.ts';
import type { HealthRepository } from './health-repository.ts';
import type { ServingState } from './serving-state.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthRepository; serving: ServingState }> = async (app, { health, serving }) => {
  async function databaseAnswers(log: FastifyBaseLogger): Promise<void> {
    try {
      await health.ping();
    } catch (error) {
      log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'UNAVAILABLE', 'The database does not answer.');
    }
  }

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether this process and its database answer',
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: apiErrorSchema },
      },
    },
    async (request) => {
      await databaseAnswers(request.log);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether this process runs (it asks nothing of the database): a process manager restarts one that does not answer',
        response: { 200: z.object({ status: z.literal('live') }) },
      },
    },
    async () => ({ status: 'live' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether this process should be sent requests: its database answers, has every migration of this build, and the process is not stopping',
        response: { 200: z.object({ status: z.literal('ready') }), 503: apiErrorSchema },
      },
    },
    async (request) => {
      // Asked first and without the database: a stopping process answers at once.
      if (serving.draining) throw new AppError(503, 'UNAVAILABLE', 'This server is stopping.');
      await databaseAnswers(request.log);
      const missing = await health.missingMigrations();
      if (missing.length > 0) throw new AppError(503, 'UNAVAILABLE', `The database lacks ${missing.length} migration(s) of this build, from ${missing[0]}.`);
      return { status: 'ready' as const };
    },
  );
};
