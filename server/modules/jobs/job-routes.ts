import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { failedJobSchema, jobIdParamsSchema, retriedJobSchema } from '../../../common/schemas/jobs.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { notFound } from '../../errors.ts';
import { sendPage } from '../../pagination.ts';
import type { JobQueue } from './job-queue.ts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

export interface JobRouteOptions {
  jobs: JobQueue;
}

/** The admin's view of background work: the jobs that failed for good, and a way to run one again. */
export const jobRoutes: FastifyPluginAsyncZod<JobRouteOptions> = async (app, { jobs }) => {
  const config = { access: 'admin', right: 'catalogue' } as const;

  app.get(
    '/jobs/failed',
    {
      config,
      schema: {
        tags: ['jobs'],
        summary: 'Background jobs that failed for good, most recent failure first (admins only)',
        querystring: paginationQuerySchema,
        response: { 200: z.array(failedJobSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await jobs.listFailed(request.query)),
  );

  app.post(
    '/jobs/:id/retry',
    {
      config,
      schema: {
        tags: ['jobs'],
        summary: 'Runs a failed background job again, with all its attempts ahead of it (admins only)',
        params: jobIdParamsSchema,
        response: { 202: retriedJobSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await jobs.retry(id))) throw notFound('No failed job has this id.');
      return reply.code(202).send({ _id: id });
    },
  );
};
