import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { productIdParamsSchema } from '../../../common/schemas/products.ts';
import { productReviewSchema, reviewCreatedSchema, reviewInputSchema, reviewSchema } from '../../../common/schemas/reviews.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { ReviewService } from './review-service.ts';
import { sendPage } from '../../pagination.ts';
import { perHour } from '../../plugins/rate-limit.ts';

export interface ReviewRouteOptions {
  reviews: ReviewService;
  /** How many reviews one client may post per hour (the same allowance as the home page's forms). */
  formsPerHour: number;
}

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRouteOptions> = async (app, { reviews, formsPerHour }) => {
  app.get(
    '/reviews',
    {
      config: { access: 'public', cache: 'revalidate' },
      schema: {
        tags: ['reviews'],
        summary: 'Customer reviews, newest first; e-mail addresses masked; X-Total-Count counts to 1,000, with X-Total-Count-Capped when there are more',
        querystring: paginationQuerySchema,
        response: { 200: z.array(reviewSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await reviews.list(request.query));
    },
  );

  app.get(
    '/products/:id/reviews',
    {
      config: { access: 'public', cache: 'revalidate' },
      schema: {
        tags: ['reviews'],
        summary: "One product's reviews, newest first, each saying whether its author had bought the product; the count in X-Total-Count (the average is in GET /products/{id})",
        params: productIdParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: z.array(productReviewSchema), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await reviews.listForProduct(request.params.id, request.query));
    },
  );

  app.post(
    '/reviews',
    {
      // Reviews are public text: a modest allowance per client keeps one account from flooding the home page.
      config: { access: 'signedIn', rateLimit: perHour(formsPerHour) },
      schema: {
        tags: ['reviews'],
        summary:
          "Add a review as yourself: your name and e-mail come from your session; name a product to review it (marked as a verified buyer's when you have a paid order of it)",
        body: reviewInputSchema,
        response: { 201: reviewCreatedSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const review = await reviews.add(signedInViewer(request), request.body);
      return reply.status(201).send({ insertedId: review._id, ...review });
    },
  );
};
