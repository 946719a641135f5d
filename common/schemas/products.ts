import { z } from 'zod';
import { catalogueFilterMessages, productSorts } from '../catalogue.ts';
import { imageAddressPattern, productLimits, productMessages } from '../shop-management.ts';
import { choiceKey, skuPattern, variantLimits, variantMessages } from '../variants.ts';
import { maxBelowMinIssue, maxNotBelowMin, priceBoundSchema } from './catalogue-filters.ts';
import { paginationQuerySchema } from './pagination.ts';
import { mainPictureFirst, mainPictureFirstIssue, productPicturesSchema } from './product-pictures.ts';

/** A category's slug: the owner's categories are rows (`GET /api/categories`), checked by the server. */
export const categorySlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const categorySchema = z.string().max(60).regex(categorySlugPattern, catalogueFilterMessages.unknownCategory);

const optionSchema = z.object({ name: z.string(), values: z.array(z.string()) });

/** One way a product is sold, as `GET /products/{id}` answers it. */
export const variantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()).meta({ description: "The variant's value of each option; {} for a product sold one way" }),
  price: z.number().meta({ description: 'Unit price in US dollars' }),
  availQuantity: z.number().int().meta({ description: 'Units in stock (a customer can order one fewer)' }),
  weightGrams: z.number().int(),
  img: z.string().meta({ description: "Its picture; the product's main picture when it has none of its own" }),
  lowStockAt: z.number().int().nullable().meta({ description: "Below this stock the shop's notify address hears of it; null for never" }),
});
export type Variant = z.infer<typeof variantSchema>;

/** A product as the wire carries it: the specification's field names, price in US dollars. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string().meta({ description: 'Image URL; the shop serves its own images' }),
  description: z.string(),
  price: z.number().meta({ description: 'Unit price in US dollars' }),
  minQuantity: z.number().int().meta({ description: 'Smallest quantity one order may take' }),
  availQuantity: z.number().int().meta({ description: 'Units in stock' }),
  category: categorySchema.meta({ description: 'The category slug (GET /api/categories)' }),
  weightGrams: z.number().int().meta({ description: 'What one piece weighs packed, in grams (0 when not given): shipping rates go by weight' }),
  lengthMm: z.number().int().optional(),
  widthMm: z.number().int().optional(),
  heightMm: z.number().int().optional(),
  priceMax: z.number().meta({ description: 'The highest variant price; equal to price for a product sold one way ("from $price")' }),
  options: z.array(optionSchema).meta({ description: 'Up to three options, each with its values; [] for a product sold one way' }),
  hidden: z.boolean().meta({ description: 'Kept but not shown to customers (admins only see it)' }),
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

const optionInputSchema = z.object({
  name: z.string({ error: variantMessages.optionNameRequired }).trim().min(1, variantMessages.optionNameRequired).max(variantLimits.optionName),
  values: z
    .array(z.string().trim().min(1).max(variantLimits.optionValue))
    .min(1, variantMessages.optionValuesRequired)
    .max(variantLimits.valuesPerOption)
    .refine((values) => new Set(values).size === values.length, variantMessages.optionValuesRepeat),
});
const variantInputSchema = z.object({
  sku: z.string({ error: variantMessages.skuRequired }).trim().min(1, variantMessages.skuRequired).max(variantLimits.sku).regex(skuPattern, variantMessages.skuInvalid),
  options: z.record(z.string(), z.string()).default({}),
  price: dollars,
  availQuantity: wholeQuantity(productMessages.availRequired),
  weightGrams: grams.optional().meta({ description: "What one piece weighs packed, in grams; the product's weight when not given" }),
  img: z.string().trim().max(productLimits.img).regex(imageAddressPattern, productMessages.imgInvalid).optional().meta({ description: "One of the product's pictures" }),
  lowStockAt: z.number().int().min(1).max(productLimits.maxQuantity).nullable().optional(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

const productFieldsSchema = z.object({
  name: z.string({ error: productMessages.nameRequired }).trim().min(1, productMessages.nameRequired).max(productLimits.name),
  // Required without variants; with them, what they add up to.
  price: dollars.optional(),
  img: z.string({ error: productMessages.imgRequired }).trim().min(1, productMessages.imgRequired).max(productLimits.img).regex(imageAddressPattern, productMessages.imgInvalid),
  availQuantity: wholeQuantity(productMessages.availRequired).optional(),
  minQuantity: wholeQuantity(productMessages.minRequired).min(1, productMessages.minAtLeastOne),
  description: z.string({ error: productMessages.descriptionRequired }).trim().min(1, productMessages.descriptionRequired).max(productLimits.description),
  category: z.string({ error: productMessages.categoryRequired }).min(1, productMessages.categoryRequired).max(60).regex(categorySlugPattern, productMessages.categoryRequired),
  // Optional: without it a new product's one picture is `img`, and an edit keeps the others.
  pictures: productPicturesSchema.optional(),
  // Optional, as the specification's form has neither: a product without a weight ships as weighing nothing.
  weightGrams: grams.default(0).meta({ description: 'What one piece weighs packed, in grams' }),
  lengthMm: millimetres.optional(),
  widthMm: millimetres.optional(),
  heightMm: millimetres.optional(),
  hidden: z.boolean().default(false).meta({ description: 'Kept but not shown to customers' }),
  lowStockAt: z
    .number()
    .int()
    .min(1)
    .max(productLimits.maxQuantity)
    .nullable()
    .optional()
    .meta({ description: "For a product sold one way: below this stock the shop's notify address hears of it" }),
  options: z.array(optionInputSchema).max(variantLimits.options, variantMessages.tooManyOptions).default([]),
  variants: z
    .array(variantInputSchema)
    .max(variantLimits.variants)
    .optional()
    .meta({ description: 'Each combination of the options that is sold. With variants, price and availQuantity are what they add up to (lowest price, summed stock)' }),
});
// Stock 0 is sold out, and allowed; any other stock must leave the minimum order to buy.
// A product sold one way is checked by its `availQuantity` when given; one with options by each variant's.
const minBelowAvail = (product: { minQuantity: number; availQuantity?: number; options: unknown[] }) =>
  product.options.length > 0 || product.availQuantity === undefined || product.availQuantity === 0 || product.minQuantity < product.availQuantity;
const minBelowAvailIssue = { message: productMessages.minBelowAvail, path: ['minQuantity'] };

type ProductFieldsShape = z.infer<typeof productFieldsSchema>;

/** The options and variants agree: each variant names each option once with one of its values, no two alike. */
function checkVariants(product: ProductFieldsShape, ctx: z.RefinementCtx) {
  const names = product.options.map((option) => option.name);
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: variantMessages.optionNamesRepeat, path: ['options'] });
  const variants = product.variants;
  if (variants === undefined) {
    if (product.price === undefined) ctx.addIssue({ code: 'custom', message: productMessages.priceRequired, path: ['price'] });
    if (product.availQuantity === undefined) ctx.addIssue({ code: 'custom', message: productMessages.availRequired, path: ['availQuantity'] });
    if (product.options.length > 0) ctx.addIssue({ code: 'custom', message: variantMessages.variantsRequired, path: ['variants'] });
    return;
  }
  if (product.options.length === 0 && variants.length > 1) ctx.addIssue({ code: 'custom', message: variantMessages.variantWithoutOptions, path: ['variants'] });
  if (variants.length === 0) ctx.addIssue({ code: 'custom', message: variantMessages.variantsRequired, path: ['variants'] });
  const seen = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((variant, index) => {
    const keys = Object.keys(variant.options);
    const matches = keys.length === names.length && product.options.every((option) => option.values.includes(variant.options[option.name] ?? '\u0000'));
    if (!matches) ctx.addIssue({ code: 'custom', message: variantMessages.variantOptionsMismatch, path: ['variants', index, 'options'] });
    const key = choiceKey(product.options, variant.options);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: variantMessages.variantsRepeat, path: ['variants', index, 'options'] });
    seen.add(key);
    const sku = variant.sku.toUpperCase();
    if (skus.has(sku)) ctx.addIssue({ code: 'custom', message: variantMessages.skusRepeat, path: ['variants', index, 'sku'] });
    skus.add(sku);
    const stockChecked = product.options.length > 0 || product.availQuantity === undefined;
    if (stockChecked && variant.availQuantity !== 0 && product.minQuantity >= variant.availQuantity)
      ctx.addIssue({ code: 'custom', message: variantMessages.minBelowEachStock, path: ['variants', index, 'availQuantity'] });
  });
}

/** `POST /products` (admins): every field required; the minimum order below the stock. */
export const productInputSchema = productFieldsSchema.refine(minBelowAvail, minBelowAvailIssue).refine(mainPictureFirst, mainPictureFirstIssue).superRefine(checkVariants);
export type ProductInput = z.infer<typeof productInputSchema>;

/** A product with every picture, in order (the first is `img`): as the shop stores it, and as one product is read. */
export const productWithPicturesSchema = productSchema.extend({
  pictures: z.array(z.string()).meta({ description: 'Every picture of the product in order; the first is img, the main picture' }),
  variants: z.array(variantSchema).meta({ description: "Each way it is sold; one, with the product's id, for a product without options" }),
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
  .refine(mainPictureFirst, mainPictureFirstIssue)
  .superRefine(checkVariants);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productImageSchema = z.object({ img: z.string().meta({ description: "The uploaded picture's address on this shop" }) });
