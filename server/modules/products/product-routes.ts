import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { totalCountHeader } from '../../../common/pagination.ts';
import { productIdParamsSchema, productListQuerySchema, productSchema } from '../../../common/schemas/products.ts';
import type { ProductService } from './product-service.ts';

export const productRoutes: FastifyPluginAsyncZod<{ products: ProductService }> = async (app, { products }) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'The catalogue, newest first unless sorted otherwise',
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await products.list(request.query);
      reply.header(totalCountHeader, total);
      return items;
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One product',
        params: productIdParamsSchema,
        response: { 200: productSchema, 404: apiErrorSchema },
      },
    },
    async (request) => products.get(request.params.id),
  );
};
