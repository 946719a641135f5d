import { z } from 'zod';
import { productSorts } from '../catalogue.ts';
import { paginationQuerySchema } from './pagination.ts';

/** A product as the wire carries it: the specification's field names, price in US dollars. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string().meta({ description: 'Image URL; the shop serves its own images' }),
  description: z.string(),
  price: z.number().meta({ description: 'Unit price in US dollars' }),
  minQuantity: z.number().int().meta({ description: 'Smallest quantity one order may take' }),
  availQuantity: z.number().int().meta({ description: 'Units in stock' }),
});
export type Product = z.infer<typeof productSchema>;


export const productListQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional().meta({ description: 'Part of the product name' }),
  sort: z.enum(productSorts).default('newest'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productIdParamsSchema = z.object({ id: z.string().max(200) });
