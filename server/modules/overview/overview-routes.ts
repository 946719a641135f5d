import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { overviewSchema } from '../../../common/schemas/overview.ts';
import type { OverviewService } from './overview-service.ts';

export interface OverviewRouteOptions {
  overview: OverviewService;
}

export const overviewRoutes: FastifyPluginAsyncZod<OverviewRouteOptions> = async (app, { overview }) => {
  app.get(
    '/overview',
    {
      config: { access: 'admin', right: 'reports' },
      schema: {
        tags: ['overview'],
        summary: 'Sales per day for the last 30 days, orders by status and products low in stock (admins only)',
        response: { 200: overviewSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    () => overview.get(),
  );
};
