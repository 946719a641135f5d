import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptFileName } from '../../../common/receipt.ts';
import { bulkShipmentInputSchema, bulkShipmentResultSchema } from '../../../common/schemas/bulk-shipments.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { orderDetailsSchema, orderNoteInputSchema, orderNoteSchema } from '../../../common/schemas/order-details.ts';
import {
  orderEmailParamsSchema,
  orderExportQuerySchema,
  orderIdParamsSchema,
  orderInputSchema,
  orderListQuerySchema,
  orderSchema,
  orderShipmentInputSchema,
  shippingUpdateSchema,
} from '../../../common/schemas/orders.ts';
import { paginationQuerySchema } from '../../../common/schemas/pagination.ts';
import { orderCaller, signedInViewer } from '../../plugins/route-access.ts';
import type { OrderLimits } from '../../config/env.ts';
import type { OrderService } from './order-service.ts';
import { sendPage } from '../../pagination.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import { perMinute } from '../../plugins/rate-limit.ts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

export interface OrderRouteOptions {
  orders: OrderService;
  limits: OrderLimits;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, { orders, limits }) => {
  app.post(
    '/orders',
    {
      config: { access: 'signedIn', rateLimit: perMinute(limits.ordersPerMinute) },
      schema: {
        tags: ['orders'],
        summary: 'Place an order for yourself: the server fills in your name and e-mail and computes the price',
        body: orderInputSchema,
        response: { 201: orderSchema.extend({ insertedId: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, ...refusals },
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
      config: { access: 'admin', right: 'orders.read' },
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first, at a stage or matching a search (admins only)',
        querystring: orderListQuerySchema,
        response: { 200: z.array(orderSchema), 400: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => sendPage(reply, await orders.listAll(request.query)),
  );

  app.get(
    '/orders.csv',
    {
      config: { access: 'admin', right: 'orders' },
      schema: {
        tags: ['orders'],
        summary:
          'Every order of the admin list with the same stage and search, newest first, as a CSV file named for today: one row per line of an order (admins only). Streamed as it is read',
        querystring: orderExportQuerySchema,
        response: {
          200: { description: 'CSV, one row per order line, with the order header repeated', content: { 'text/csv': { schema: z.string() } } },
          400: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const { fileName, chunks } = await orders.exportCsv(request.query, staffActorOf(request));
      // Streamed: batches of orders are read as the client takes them. A database error midway can only
      // cut the download short (the status is sent).
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          // Typed as the documented string body; Fastify sends a stream as it is, unserialised.
          .send(Readable.from(chunks) as unknown as string)
      );
    },
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
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: 'One order, to pay it: your own, or any for an admin',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.get(orderCaller(request), request.params.id),
  );

  // Two segments after /orders, so never taken for `GET /orders/{email}`.
  app.get(
    '/orders/:id/details',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: 'One order with its refunds and a timeline of what happened to it: your own, or any for an admin',
        params: orderIdParamsSchema,
        response: { 200: orderDetailsSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.details(orderCaller(request), request.params.id),
  );

  app.post(
    '/orders/:id/notes',
    {
      config: { access: 'admin', right: 'orders' },
      schema: {
        tags: ['orders'],
        summary: "Add an internal note to an order, for the workshop: staff read it in the order's details, its customer never does (admins only)",
        params: orderIdParamsSchema,
        body: orderNoteInputSchema,
        response: { 201: z.array(orderNoteSchema).meta({ description: "The order's notes, newest first" }), 400: apiErrorSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await orders.addNote(signedInViewer(request), request.params.id, request.body, staffActorOf(request))),
  );

  app.get(
    '/orders/:id/receipt.pdf',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: "A paid order's receipt as a one-page PDF: your own, or any for an admin",
        params: orderIdParamsSchema,
        response: {
          200: { description: 'The receipt, as a download', content: { 'application/pdf': { schema: z.string() } } },
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const receipt = await orders.receipt(orderCaller(request), request.params.id);
      // The PDF writer is loaded with the first receipt asked for, not at start: its font metrics take a fifth of a second to unpack.
      const { receiptPdf } = await import('./receipt-pdf.ts');
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${receiptFileName(receipt)}"`)
          // Typed as the documented string body; Fastify sends a buffer as it is, unserialised.
          .send(Buffer.from(receiptPdf(receipt)) as unknown as string)
      );
    },
  );

  app.delete(
    '/orders/:id',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary:
          "Cancel an unpaid order: your own, or any for an admin. It is kept, marked cancelled, and its card payments are released; the answer keeps the specification's { deletedCount: 1 }",
        params: orderIdParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    // Staff cancelling someone's order is recorded; the service tells whose order it is.
    async (request) => orders.cancel(orderCaller(request), request.params.id, request.viewer?.role === 'admin' ? staffActorOf(request) : undefined),
  );

  app.patch(
    '/orders/:id/shipping',
    {
      config: { access: 'admin', right: 'orders' },
      schema: {
        tags: ['orders'],
        summary: 'Move a paid order on to shipped (every piece left, as one shipment with its carrier and tracking number), then delivered (admins only)',
        params: orderIdParamsSchema,
        body: shippingUpdateSchema,
        response: { 200: orderSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.advanceShipping(request.params.id, request.body, staffActorOf(request)),
  );

  app.post(
    '/orders/shipments',
    {
      config: { access: 'admin', right: 'orders' },
      schema: {
        tags: ['orders'],
        summary:
          'Ship several orders at once, each by its number with its own tracking number: every piece left of each, as POST /orders/{id}/shipments does; numbers unknown, given twice or of orders that cannot be shipped are skipped with the reason (admins only)',
        body: bulkShipmentInputSchema,
        response: { 200: bulkShipmentResultSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) => orders.shipMany(request.body, staffActorOf(request)),
  );

  app.post(
    '/orders/:id/shipments',
    {
      config: { access: 'admin', right: 'orders' },
      schema: {
        tags: ['orders'],
        summary:
          'Send a parcel of a paid order: some or all of the pieces of its lines still to send (every one left without lines), with its carrier and tracking number; the customer is mailed what is in it (admins only)',
        params: orderIdParamsSchema,
        body: orderShipmentInputSchema,
        response: { 201: orderSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await orders.ship(request.params.id, request.body, staffActorOf(request))),
  );
};
