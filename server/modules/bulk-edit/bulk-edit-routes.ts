import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkEditResultSchema, bulkEditSchema } from '../../../common/schemas/catalogue-file.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { BulkEditService } from './bulk-edit-service.ts';

export interface BulkEditRouteOptions {
  bulkEdit: BulkEditService;
}

export const bulkEditRoutes: FastifyPluginAsyncZod<BulkEditRouteOptions> = async (app, { bulkEdit }) => {
  app.post(
    '/products/bulk',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags: ['products'],
        summary: "Change the price (by a percentage or to a value), the category, the stock or the visibility of up to 500 products' variants at once, all or none (admins only)",
        body: bulkEditSchema,
        response: { 200: bulkEditResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => bulkEdit.apply(request.body, staffActorOf(request)),
  );
};
