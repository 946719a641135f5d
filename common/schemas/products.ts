import { z } from 'zod';
import { catalogueFilterMessages, productSorts } from '../catalogue.ts';
import { categorySlugs } from '../categories.ts';
import { imageAddressPattern, productLimits, productMessages } from '../shop-management.ts';
import { maxBelowMinIssue, maxNotBelowMin, priceBoundSchema } from './catalogue-filters.ts';
import { paginationQuerySchema } from './pagination.ts';
import { mainPictureFirst, mainPictureFirstIssue, productPicturesSchema } from './product-pictures.ts';

const categorySchema = z.enum(categorySlugs, { error: catalogueFilterMessages.unknownCategory });

/** A product as the wire carries it: the specification's field names, price in US dollars. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string().meta({ description: 'Image URL; the shop serves its own images' }),
  description: z.string(),
  price: z.number().meta({ description: 'Unit price in US dollars' }),
  minQuantity: z.number().int().meta({ description: 'Smallest quantity one order may take' }),
  availQuantity: z.number().int().meta({ description: 'Units in stock' }),
  category: categorySchema.meta({ description: 'The category slug (common/categories.ts)' }),
  weightGrams: z.number().int().meta({ description: 'What one piece weighs packed, in grams (0 when not given): shipping rates go by weight' }),
  lengthMm: z.number().int().optional(),
  widthMm: z.number().int().optional(),
  heightMm: z.number().int().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = paginationQuerySchema
  .extend({
    q: z
      .string()
      .trim()
      .max(productLimits.search)
      .optional()
      .meta({ description: 'Words to find in the name or description: each a word or the start of one, in any form (chisels finds chisel); best matches first' }),
    sort: z.enum(productSorts).optional().meta({ description: 'relevance (the default with q: name matches first), newest (the default without q), price_asc or price_desc' }),
    category: categorySchema.optional().meta({ description: 'Only this category (its slug)' }),
    minPrice: z.coerce.number({ error: catalogueFilterMessages.priceNotNumber }).pipe(priceBoundSchema).optional().meta({ description: 'Lowest unit price, US dollars' }),
    maxPrice: z.coerce
      .number({ error: catalogueFilterMessages.priceNotNumber })
      .pipe(priceBoundSchema)
      .optional()
      .meta({ description: 'Highest unit price, US dollars; not below minPrice' }),
  })
  .refine(maxNotBelowMin, maxBelowMinIssue);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productIdParamsSchema = z.object({ id: z.string().max(200) });

const dollars = z
  .number({ error: productMessages.priceRequired })
  .positive(productMessages.priceInvalid)
  .max(productLimits.maxPrice, productMessages.priceInvalid)
  .refine((price) => Math.abs(Math.round(price * 100) - price * 100) < 1e-6, productMessages.priceInvalid);
const grams = z
  .number({ error: productMessages.weightInvalid })
  .int(productMessages.weightInvalid)
  .min(0, productMessages.weightInvalid)
  .max(productLimits.maxWeightGrams, productMessages.weightInvalid);
const millimetres = z
  .number({ error: productMessages.dimensionInvalid })
  .int(productMessages.dimensionInvalid)
  .min(1, productMessages.dimensionInvalid)
  .max(productLimits.maxDimensionMm, productMessages.dimensionInvalid);
const wholeQuantity = (required: string) => z.number({ error: required }).int(productMessages.quantityWhole).min(0, productMessages.quantityWhole).max(productLimits.maxQuantity);

const productFieldsSchema = z.object({
  name: z.string({ error: productMessages.nameRequired }).trim().min(1, productMessages.nameRequired).max(productLimits.name),
  price: dollars,
  img: z.string({ error: productMessages.imgRequired }).trim().min(1, productMessages.imgRequired).max(productLimits.img).regex(imageAddressPattern, productMessages.imgInvalid),
  availQuantity: wholeQuantity(productMessages.availRequired),
  minQuantity: wholeQuantity(productMessages.minRequired).min(1, productMessages.minAtLeastOne),
  description: z.string({ error: productMessages.descriptionRequired }).trim().min(1, productMessages.descriptionRequired).max(productLimits.description),
  category: z.enum(categorySlugs, { error: productMessages.categoryRequired }),
  // Optional: without it a new product's one picture is `img`, and an edit keeps the others.
  pictures: productPicturesSchema.optional(),
  // Optional, as the specification's form has neither: a product without a weight ships as weighing nothing.
  weightGrams: grams.default(0).meta({ description: 'What one piece weighs packed, in grams' }),
  lengthMm: millimetres.optional(),
  widthMm: millimetres.optional(),
  heightMm: millimetres.optional(),
});
const minBelowAvail = (product: { minQuantity: number; availQuantity: number }) => product.minQuantity < product.availQuantity;
const minBelowAvailIssue = { message: productMessages.minBelowAvail, path: ['minQuantity'] };

/** `POST /products` (admins): every field required; the minimum order below the stock. */
export const productInputSchema = productFieldsSchema.refine(minBelowAvail, minBelowAvailIssue).refine(mainPictureFirst, mainPictureFirstIssue);
export type ProductInput = z.infer<typeof productInputSchema>;

/** A product with every picture, in order (the first is `img`): as the shop stores it, and as one product is read. */
export const productWithPicturesSchema = productSchema.extend({
  pictures: z.array(z.string()).meta({ description: 'Every picture of the product in order; the first is img, the main picture' }),
});
export type ProductWithPictures = z.infer<typeof productWithPicturesSchema>;

/** `GET /products/{id}`: the product, its pictures and what its reviews add up to. */
export const productDetailSchema = productWithPicturesSchema.extend({
  rating: z
    .object({
      count: z.number().int().meta({ description: 'How many reviews name this product' }),
      average: z.number().nullable().meta({ description: 'Their average rating out of 5, to one decimal; null without reviews' }),
    })
    .meta({ description: "The product's reviews in two figures" }),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productCreatedSchema = productWithPicturesSchema.extend({ insertedId: z.string() });

/**
 * `PUT /products/{id}` (admins): the whole product again, as the edit form sends it, with the stock
 * the editor saw: customers may have bought some meanwhile, and saving must not put them back.
 */
export const productUpdateSchema = productFieldsSchema
  .extend({
    // Bounded as availQuantity is: an unbounded number reached PostgreSQL's integer comparison and answered 500.
    stockSeen: z.number().int().min(0).max(productLimits.maxQuantity).optional().meta({ description: 'availQuantity when the edit began; a different stock now answers 409' }),
  })
  .refine(minBelowAvail, minBelowAvailIssue)
  .refine(mainPictureFirst, mainPictureFirstIssue);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productImageSchema = z.object({ img: z.string().meta({ description: "The uploaded picture's address on this shop" }) });
