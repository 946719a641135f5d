import { z } from 'zod';
import { categoryLimits, categoryMessages } from '../categories.ts';
import { categorySlugPattern } from './products.ts';

const slug = z.string({ error: categoryMessages.slug }).trim().max(categoryLimits.slug, categoryMessages.slug).regex(categorySlugPattern, categoryMessages.slug);
const name = z.string({ error: categoryMessages.nameRequired }).trim().min(1, categoryMessages.nameRequired).max(categoryLimits.name, categoryMessages.nameTooLong);
const description = z.string().trim().max(categoryLimits.description, categoryMessages.descriptionTooLong);
const parentSlug = slug.nullable().meta({ description: 'The top-level category it goes under; null for a top-level one (one level of nesting)' });

/** A category as `GET /api/categories` lists it. */
export const categorySchema = z.object({
  slug: z.string().meta({ description: 'Its address name: /categories/{slug}, and the `category` of its products' }),
  name: z.string(),
  description: z.string(),
  parentSlug: z.string().nullable().meta({ description: 'The category it is under; null at the top level' }),
  position: z.number().int().meta({ description: 'Its place among the categories beside it, from 0' }),
  productCount: z.number().int().meta({ description: 'The tools in it that customers see' }),
});
export type Category = z.infer<typeof categorySchema>;

/** `POST /api/categories` (admins): the address name is made from the name when not given. */
export const categoryInputSchema = z.object({
  name,
  slug: slug.optional().meta({ description: 'Its address name; made from the name when not given' }),
  description: description.default(''),
  parentSlug: parentSlug.optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** `PUT /api/categories/{slug}` (admins): what changes; what is not sent stays. */
export const categoryUpdateSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  parentSlug: parentSlug.optional(),
  position: z.number().int().min(0).max(categoryLimits.count).optional().meta({ description: 'Its new place among the categories beside it, from 0' }),
});
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const categoryParamsSchema = z.object({ slug: z.string().max(categoryLimits.slug + 20) });

/** The admin's form for a new category, or for renaming and describing one: the same rules as the calls. */
export const categoryFormSchema = z.object({
  name,
  description,
  // '' (and a field left disabled) is the top level.
  parentSlug: z
    .string()
    .optional()
    .transform((value) => value || null),
});
export type CategoryForm = z.input<typeof categoryFormSchema>;
