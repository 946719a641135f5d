import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { reviewIdParamsSchema, reviewReplyInputSchema, reviewVisibilityInputSchema, staffReviewSchema } from '../../../common/schemas/reviews.ts';
import { sendPage } from '../../pagination.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { ReviewService } from './review-service.ts';

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export interface ReviewAdminRouteOptions {
  reviews: ReviewService;
}

/** The staff's side of reviews (issue 29): every review, hidden ones too; hiding and showing; the shop's public reply. */
export const reviewAdminRoutes: FastifyPluginAsyncZod<ReviewAdminRouteOptions> = async (app, { reviews }) => {
  const config = { access: 'admin', right: 'content' } as const;

  app.get(
    '/reviews/manage',
    {
      config,
      schema: {
        tags: ['reviews'],
        summary: 'Every review, hidden ones too, newest first, with its product’s name; X-Total-Count counts to 1,000 (staff with the content right)',
        querystring: paginationQuerySchema,
        response: { 200: z.array(staffReviewSchema), ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await reviews.listForStaff(request.query)),
  );

  app.patch(
    '/reviews/:id',
    {
      config,
      schema: {
        tags: ['reviews'],
        summary: 'Hide a review from every public list and rating (hidden: true), or show it again (false); recorded in the audit trail when it changes',
        params: reviewIdParamsSchema,
        body: reviewVisibilityInputSchema,
        response: { 200: staffReviewSchema, ...refusals, 404: apiErrorSchema },
      },
    },
    async (request) => reviews.setHidden(request.params.id, request.body.hidden, staffActorOf(request)),
  );

  app.post(
    '/reviews/:id/reply',
    {
      config,
      schema: {
        tags: ['reviews'],
        summary:
          'The shop’s public reply under a shown review, replacing any earlier one; its author is e-mailed the first time it is answered. The same text again changes nothing',
        params: reviewIdParamsSchema,
        body: reviewReplyInputSchema,
        response: { 200: staffReviewSchema, ...refusals, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => reviews.reply(request.params.id, request.body.text, staffActorOf(request)),
  );
};
