import { Readable } from 'node:stream';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogueFileMessages, catalogueImportLimits } from '../../../common/catalogue-file.ts';
import { catalogueImportJobSchema, catalogueImportPlanSchema, catalogueImportQuerySchema, importJobIdParamsSchema } from '../../../common/schemas/catalogue-file.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { AppError } from '../../errors.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { CatalogueFileService } from './catalogue-file-service.ts';

export interface CatalogueFileRouteOptions {
  catalogue: CatalogueFileService;
}

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };
const csvBody = z.string().meta({ description: 'The catalogue file as GET /products.csv writes it: a header line naming the columns, then one line per variant' });

/** The catalogue as a spreadsheet (issue 27): taken out as CSV, brought back in by SKU, with a dry run first. */
export const catalogueFileRoutes: FastifyPluginAsyncZod<CatalogueFileRouteOptions> = async (app, { catalogue }) => {
  const config = { access: 'admin', right: 'catalogue' } as const;

  app.get(
    '/products.csv',
    {
      config,
      schema: {
        tags: ['products'],
        summary: 'Every product and variant as a CSV file, one row per variant (admins only)',
        response: { 200: { description: 'CSV: sku, product_id, name, … one row per variant', content: { 'text/csv': { schema: z.string() } } }, ...refusals },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue.csv"')
        // Streamed a page of products at a time; Fastify sends a stream as it is, unserialised.
        .send(Readable.from(catalogue.exportCsv()) as unknown as string),
  );

  app.get(
    '/jobs/:id',
    {
      config,
      schema: {
        tags: ['products'],
        summary: "A catalogue import's progress: queued, running (rows checked so far), done or failed with its reasons (admins only)",
        params: importJobIdParamsSchema,
        response: { 200: catalogueImportJobSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => catalogue.status(request.params.id),
  );

  // The import's body is the file as text; its parser lives in this scope only, and takes up to 20 MB.
  await app.register(async (scope) => {
    const imports = scope.withTypeProvider<ZodTypeProvider>();
    imports.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: catalogueImportLimits.maxBytes }, (_request, body, done) => done(null, body));
    imports.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE', catalogueFileMessages.tooLarge);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', catalogueFileMessages.notCsv);
      throw error;
    });

    imports.post(
      '/products/import',
      {
        config,
        bodyLimit: catalogueImportLimits.maxBytes,
        schema: {
          tags: ['products'],
          summary:
            'Import a catalogue file, an upsert by SKU (admins only). With dryRun=true: what would be created, changed (field by field) and refused (row and reason), writing nothing. Without: a job that writes all of it or, on any refused row, none',
          querystring: catalogueImportQuerySchema,
          body: csvBody,
          response: { 200: catalogueImportPlanSchema, 202: catalogueImportJobSchema, 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...refusals },
        },
      },
      async (request, reply) => {
        if (request.query.dryRun) return reply.send(await catalogue.dryRun(request.body));
        return reply.code(202).send(await catalogue.start(request.body, staffActorOf(request)));
      },
    );
  });
};
