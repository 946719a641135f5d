import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { AppError } from '../../errors.ts';
import type { HealthRepository } from './health-repository.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthRepository }> = async (app, { health }) => {
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
      try {
        await health.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'UNAVAILABLE', 'The database does not answer.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
