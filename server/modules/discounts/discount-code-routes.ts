import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discountCodeInputSchema, discountCodeParamsSchema, discountCodeSchema } from '../../../common/schemas/discount-codes.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { sendPage } from '../../pagination.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { DiscountService } from './discount-service.ts';

export interface DiscountCodeRouteOptions {
  discounts: DiscountService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The admin's discount codes (admins only); customers type them at the cart or checkout. */
export const discountCodeRoutes: FastifyPluginAsyncZod<DiscountCodeRouteOptions> = async (app, { discounts }) => {
  const tags = ['discounts'];

  app.post(
    '/discount-codes',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags,
        summary: 'Make a code that takes a percentage, an amount or the shipping off, with its conditions',
        body: discountCodeInputSchema,
        response: { 201: discountCodeSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await discounts.create(request.body, staffActorOf(request))),
  );

  app.get(
    '/discount-codes',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags,
        summary: 'The codes, newest first, each with the orders holding it',
        querystring: paginationQuerySchema,
        response: { 200: z.array(discountCodeSchema), ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await discounts.list(request.query)),
  );

  app.delete(
    '/discount-codes/:code',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags,
        summary: 'Delete a code: no order can use it any more; orders placed with it keep their discount',
        params: discountCodeParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), ...refusals },
      },
    },
    async (request) => discounts.remove(request.params.code, staffActorOf(request)),
  );
};
