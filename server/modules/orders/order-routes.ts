import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import {
  orderEmailParamsSchema,
  orderIdParamsSchema,
  orderInputSchema,
  orderSchema,
  shippingUpdateSchema,
} from '../../../common/schemas/orders.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { OrderService } from './order-service.ts';
import { sendPage } from '../../pagination.ts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

export interface OrderRouteOptions {
  orders: OrderService;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, { orders }) => {
  app.post(
    '/orders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'Place an order for yourself: the server fills in your name and e-mail and computes the price',
        body: orderInputSchema,
        response: { 201: orderSchema.extend({ insertedId: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const order = await orders.place(signedInViewer(request), request.body);
      return reply.status(201).send({ insertedId: order._id, ...order });
    },
  );

  app.get(
    '/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first (admins only)',
        querystring: paginationQuerySchema,
        response: { 200: z.array(orderSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await orders.listAll(request.query)),
  );

  app.get(
    '/orders/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: "A customer's orders, newest first: your own, or anyone's for an admin",
        params: orderEmailParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: z.array(orderSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await orders.listFor(signedInViewer(request), request.params.email, request.query)),
  );

  app.get(
    '/duepaymentOrder/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'One order, to pay it: your own, or any for an admin',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.get(signedInViewer(request), request.params.id),
  );

  app.delete(
    '/orders/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: "Cancel an unpaid order: your own, or any for an admin. It is kept, marked cancelled, and its card payments are released; the answer keeps the specification's { deletedCount: 1 }",
        params: orderIdParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.cancel(signedInViewer(request), request.params.id),
  );

  app.patch(
    '/orders/:id/shipping',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Move a paid order on to shipped, then delivered (admins only)',
        params: orderIdParamsSchema,
        body: shippingUpdateSchema,
        response: { 200: orderSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.advanceShipping(request.params.id, request.body.shippingStatus),
  );
};
