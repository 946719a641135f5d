import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { orderIdParamsSchema } from '../../../common/schemas/orders.ts';
import { orderCaller } from '../../plugins/route-access.ts';
import type { DocumentFile, InvoiceService } from './invoice-service.ts';

export interface InvoiceRouteOptions {
  invoices: InvoiceService;
}

const pdfAnswer = { description: 'The document, as a download', content: { 'application/pdf': { schema: z.string() } } };
const refusals = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Invoices and credit notes as PDFs, for the order's customer (or the guest with its key) and admins. */
function sendPdf(reply: FastifyReply, file: DocumentFile) {
  return (
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      // Fastify sends a buffer as it is, unserialised.
      .send(file.pdf)
  );
}

export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRouteOptions> = async (app, { invoices }) => {
  app.get(
    '/orders/:id/invoice',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: "A paid order's invoice as a PDF, numbered from the year's gapless series: your own order's (or a guest's with its key), or any for an admin",
        params: orderIdParamsSchema,
        response: { 200: pdfAnswer, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.invoiceFor(orderCaller(request), request.params.id)),
  );

  app.get(
    '/refunds/:id/credit-note',
    {
      config: { access: 'buyer' },
      schema: {
        tags: ['orders'],
        summary: "A refund's credit note as a PDF, referring to its order's invoice: your own order's, or any for an admin",
        params: z.object({ id: z.string().max(200) }),
        response: { 200: pdfAnswer, ...refusals },
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.creditNoteFor(orderCaller(request), request.params.id)),
  );
};
