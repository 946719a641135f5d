import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { orderIdParamsSchema } from '../../../common/schemas/orders.ts';
import { refundInputSchema, refundResultSchema } from '../../../common/schemas/refunds.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { RefundService } from './refund-service.ts';

export interface RefundRouteOptions {
  refunds: RefundService;
}

export const refundRoutes: FastifyPluginAsyncZod<RefundRouteOptions> = async (app, { refunds }) => {
  app.post(
    '/orders/:id/refunds',
    {
      config: { access: 'admin', right: 'refunds' },
      schema: {
        tags: ['orders'],
        summary:
          'Refund a paid order by amount, or by the pieces of its lines (at the price they were bought for), through the card processor (admins only); the same idempotency key refunds once',
        params: orderIdParamsSchema,
        body: refundInputSchema,
        response: {
          201: refundResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await refunds.refund(signedInViewer(request), request.params.id, request.body, staffActorOf(request))),
  );
};
