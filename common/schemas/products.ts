import { z } from 'zod';
import { productSorts } from '../catalogue.ts';
import { imageAddressPattern, productLimits, productMessages } from '../shop-management.ts';
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
  q: z.string().trim().max(productLimits.search).optional().meta({ description: 'Part of the product name' }),
  sort: z.enum(productSorts).default('newest'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productIdParamsSchema = z.object({ id: z.string().max(200) });

const dollars = z
  .number({ error: productMessages.priceRequired })
  .positive(productMessages.priceInvalid)
  .max(productLimits.maxPrice, productMessages.priceInvalid)
  .refine((price) => Math.abs(Math.round(price * 100) - price * 100) < 1e-6, productMessages.priceInvalid);
const wholeQuantity = (required: string) =>
  z.number({ error: required }).int(productMessages.quantityWhole).min(0, productMessages.quantityWhole).max(productLimits.maxQuantity);

const productFieldsSchema = z.object({
    name: z.string({ error: productMessages.nameRequired }).trim().min(1, productMessages.nameRequired).max(productLimits.name),
    price: dollars,
    img: z
      .string({ error: productMessages.imgRequired })
      .trim()
      .min(1, productMessages.imgRequired)
      .max(productLimits.img)
      .regex(imageAddressPattern, productMessages.imgInvalid),
    availQuantity: wholeQuantity(productMessages.availRequired),
    minQuantity: wholeQuantity(productMessages.minRequired).min(1, productMessages.minAtLeastOne),
    description: z.string({ error: productMessages.descriptionRequired }).trim().min(1, productMessages.descriptionRequired).max(productLimits.description),
});
const minBelowAvail = (product: { minQuantity: number; availQuantity: number }) => product.minQuantity < product.availQuantity;
const minBelowAvailIssue = { message: productMessages.minBelowAvail, path: ['minQuantity'] };

/** `POST /products` (admins): every field required; the minimum order below the stock. */
export const productInputSchema = productFieldsSchema.refine(minBelowAvail, minBelowAvailIssue);
export type ProductInput = z.infer<typeof productInputSchema>;

export const productCreatedSchema = productSchema.extend({ insertedId: z.string() });

/**
 * `PUT /products/{id}` (admins): the whole product again, as the edit form sends it, with the stock
 * the editor saw: customers may have bought some meanwhile, and saving must not put them back.
 */
export const productUpdateSchema = productFieldsSchema
  .extend({
    stockSeen: z.number().int().min(0).optional().meta({ description: 'availQuantity when the edit began; a different stock now answers 409' }),
  })
  .refine(minBelowAvail, minBelowAvailIssue);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productImageSchema = z.object({ img: z.string().meta({ description: "The uploaded picture's address on this shop" }) });
