import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { totalCountHeader } from '../../../common/pagination.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { reviewSchema } from '../../../common/schemas/reviews.ts';
import type { ReviewService } from './review-service.ts';

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService }> = async (app, { reviews }) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first',
        querystring: paginationQuerySchema,
        response: { 200: z.array(reviewSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await reviews.list(request.query);
      reply.header(totalCountHeader, total);
      return items;
    },
  );
};
