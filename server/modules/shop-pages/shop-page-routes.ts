import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { editableShopPageSchema, publishedShopPageSchema, shopPageEditorSchema, shopPageInputSchema, shopPageParamsSchema } from '../../../common/schemas/shop-pages.ts';
import { staffActorOf } from '../audit/staff-actor.ts';
import type { ShopPageService } from './shop-page-service.ts';

export interface ShopPageRouteOptions {
  pages: ShopPageService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The pages the owner writes (ADR 044). Reading one is public and kept like the catalogue's answers
 * (revalidated, dropped on every process when a version is published or a setting changes); the
 * editor's list and publishing need the `content` right.
 */
export const shopPageRoutes: FastifyPluginAsyncZod<ShopPageRouteOptions> = async (app, { pages }) => {
  const tags = ['pages'];

  app.get(
    '/pages/:slug',
    {
      config: { access: 'public', cache: 'revalidate' },
      schema: {
        tags,
        summary: 'A page of the shop (terms, privacy, returns, shipping, about) as published now, with the return window filled in',
        params: shopPageParamsSchema,
        response: { 200: publishedShopPageSchema, 404: apiErrorSchema },
      },
    },
    async (request) => pages.published(request.params.slug),
  );

  app.get(
    '/pages',
    {
      config: { access: 'admin', right: 'content' },
      schema: {
        tags,
        summary: 'Every page as its editor reads it (its version in force, with the text as typed), and what each placeholder reads as now',
        response: { 200: shopPageEditorSchema, ...refusals },
      },
    },
    async () => pages.editor(),
  );

  app.put(
    '/pages/:slug',
    {
      config: { access: 'admin', right: 'content' },
      schema: {
        tags,
        summary: 'Publish a new version of a page: it is in force at once, and every earlier version is kept',
        params: shopPageParamsSchema,
        body: shopPageInputSchema,
        response: { 200: editableShopPageSchema, 404: apiErrorSchema, ...refusals },
      },
    },
    async (request) => pages.publish(request.params.slug, request.body, staffActorOf(request)),
  );
};
