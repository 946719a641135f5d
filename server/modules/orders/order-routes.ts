import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import {
  orderEmailParamsSchema,
  orderIdParamsSchema,
  orderInputSchema,
  orderPaymentSchema,
  orderSchema,
  shippingUpdateSchema,
} from '../../../common/schemas/orders.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { requireAdmin, requireSignedIn, type Sessions } from '../auth/viewer.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { OrderService } from './order-service.ts';
import { sendPage } from '../../pagination.ts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

export interface OrderRouteOptions {
  orders: OrderService;
  payments: PaymentService;
  sessions: Sessions;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, { orders, payments, sessions }) => {
  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place an order for yourself: the server fills in your name and e-mail and computes the price',
        body: orderInputSchema,
        response: { 201: orderSchema.extend({ insertedId: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const order = await orders.place(await requireSignedIn(sessions, request), request.body);
      return reply.status(201).send({ insertedId: order._id, ...order });
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first (admins only)',
        querystring: paginationQuerySchema,
        response: { 200: z.array(orderSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireAdmin(sessions, request);
      return sendPage(reply, await orders.listAll(request.query));
    },
  );

  app.get(
    '/orders/:email',
    {
      schema: {
        tags: ['orders'],
        summary: "A customer's orders, newest first: your own, or anyone's for an admin",
        params: orderEmailParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: z.array(orderSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await orders.listFor(await requireSignedIn(sessions, request), request.params.email, request.query));
    },
  );

  app.get(
    '/duepaymentOrder/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order, to pay it: your own, or any for an admin',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.get(await requireSignedIn(sessions, request), request.params.id),
  );

  app.delete(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel (delete) an unpaid order: your own, or any for an admin',
        params: orderIdParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.cancel(await requireSignedIn(sessions, request), request.params.id),
  );

  app.put(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Mark an order paid: only with a payment the card processor confirms for this order and amount',
        params: orderIdParamsSchema,
        body: orderPaymentSchema,
        response: { 200: orderSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema, ...refusals },
      },
    },
    async (request) => payments.confirm(await requireSignedIn(sessions, request), request.params.id, request.body.transactionId),
  );

  app.patch(
    '/orders/:id/shipping',
    {
      schema: {
        tags: ['orders'],
        summary: 'Move a paid order on to shipped, then delivered (admins only)',
        params: orderIdParamsSchema,
        body: shippingUpdateSchema,
        response: { 200: orderSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      return orders.advanceShipping(request.params.id, request.body.shippingStatus);
    },
  );
};
