import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import type { RatingSummary } from '../../../common/product-page.ts';
import {
  productCreatedSchema,
  productDetailSchema,
  productIdParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productSchema,
  productUpdateSchema,
  productWithPicturesSchema,
} from '../../../common/schemas/products.ts';
import type { ProductService } from './product-service.ts';
import { sendPage } from '../../pagination.ts';
import { staffActorOf } from '../audit/staff-actor.ts';

export interface ProductRouteOptions {
  products: ProductService;
  /** What the product's reviews add up to (the reviews module's answer). */
  ratingOf: (productId: string) => Promise<RatingSummary>;
}

const adminOnly = { 401: apiErrorSchema, 403: apiErrorSchema };

export const productRoutes: FastifyPluginAsyncZod<ProductRouteOptions> = async (app, { products, ratingOf }) => {
  /** The catalogue is public and read constantly; a browser keeps it but checks it on every use. */
  const catalogue = { access: 'public', cache: 'revalidate' } as const;

  app.get(
    '/products',
    {
      config: catalogue,
      schema: {
        tags: ['products'],
        summary: 'The catalogue, newest first unless sorted otherwise',
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await products.list(request.query));
    },
  );

  app.get(
    '/products/manage',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags: ['products'],
        summary: 'The catalogue as Manage Products lists it, hidden products too (admins only)',
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), 400: apiErrorSchema, ...adminOnly },
      },
    },
    async (request, reply) => sendPage(reply, await products.list(request.query, { includeHidden: true })),
  );

  app.get(
    '/products/:id',
    {
      config: catalogue,
      schema: {
        tags: ['products'],
        summary: 'One product, with its pictures in order and what its reviews add up to; a hidden product is not found',
        params: productIdParamsSchema,
        response: { 200: productDetailSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const product = await products.get(request.params.id);
      return { ...product, rating: await ratingOf(product._id) };
    },
  );

  app.get(
    '/products/:id/manage',
    {
      // Never kept: a hidden product's answer is for admins only.
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags: ['products'],
        summary: 'One product as the edit form reads it, hidden or not (admins only)',
        params: productIdParamsSchema,
        response: { 200: productDetailSchema, 404: apiErrorSchema, ...adminOnly },
      },
    },
    async (request) => {
      const product = await products.get(request.params.id, { includeHidden: true });
      return { ...product, rating: await ratingOf(product._id) };
    },
  );

  app.post(
    '/products',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags: ['products'],
        summary: 'Add a product to the catalogue, as its newest (admins only)',
        body: productInputSchema,
        response: { 201: productCreatedSchema, 400: apiErrorSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      const product = await products.create(request.body, staffActorOf(request));
      return reply.status(201).send({ insertedId: product._id, ...product });
    },
  );

  app.put(
    '/products/:id',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags: ['products'],
        summary: "Replace a product's name, category, price, image, stock, minimum order, description and pictures (admins only); orders already placed keep theirs",
        params: productIdParamsSchema,
        body: productUpdateSchema,
        response: { 200: productWithPicturesSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...adminOnly },
      },
    },
    async (request) => products.replace(request.params.id, request.body, staffActorOf(request)),
  );

  app.delete(
    '/products/:id',
    {
      config: { access: 'admin', right: 'catalogue' },
      schema: {
        tags: ['products'],
        summary: 'Delete a product (admins only); orders already placed keep its name and price',
        params: productIdParamsSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }), ...adminOnly },
      },
    },
    async (request) => products.remove(request.params.id, staffActorOf(request)),
  );
};
