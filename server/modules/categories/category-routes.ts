import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryInputSchema, categoryParamsSchema, categorySchema, categoryUpdateSchema } from '../../../common/schemas/categories.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { CategoryService } from './category-service.ts';

export interface CategoryRouteOptions {
  categories: CategoryService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The owner's categories: the list is public and kept like the catalogue (ADR 019: a change to a
 * category or a product bumps the catalogue's version); adding, changing and deleting are for admins.
 */
export const categoryRoutes: FastifyPluginAsyncZod<CategoryRouteOptions> = async (app, { categories }) => {
  const tags = ['categories'];

  app.get(
    '/categories',
    {
      config: { access: 'public', cache: 'revalidate' },
      schema: {
        tags,
        summary: 'Every category, top-level ones by position each followed by those under it, with the count of tools customers see in it',
        response: { 200: z.array(categorySchema) },
      },
    },
    async () => categories.list(),
  );

  const create = {
    config: { access: 'admin', right: 'catalogue' },
    schema: {
      tags,
      summary: 'Add a category at the end of those beside it (its address name made from its name when not given)',
      body: categoryInputSchema,
      response: { 201: categorySchema, 409: apiErrorSchema, ...refusals },
    },
  } as const;
  app.post('/categories', create, async (request, reply) => reply.status(201).send(await categories.create(request.body, staffActorOf(request))));
  // The issue names POST /categories/{slug}: the same, with the address name in the path.
  app.post(
    '/categories/:slug',
    { ...create, schema: { ...create.schema, summary: 'Add a category with this address name', params: categoryParamsSchema, body: categoryInputSchema.omit({ slug: true }) } },
    async (request, reply) => reply.status(201).send(await categories.create({ ...request.body, slug: request.params.slug }, staffActorOf(request))),
  );

  app.put(
    '/categories/:slug',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags,
        summary: 'Rename, describe, move under another top-level category or to the top, or to another place among those beside it',
        params: categoryParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: categorySchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => categories.update(request.params.slug, request.body, staffActorOf(request)),
  );

  app.delete(
    '/categories/:slug',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags,
        summary: 'Delete an empty category; refused (409) while tools or other categories are in it',
        params: categoryParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), 409: apiErrorSchema, ...refusals },
      },
    },
    async (request) => categories.remove(request.params.slug, staffActorOf(request)),
  );
};
