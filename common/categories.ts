/**
 * The catalogue's categories: a fixed list, each a slug (stored with the product, used in the address
 * and the API) and the label people read. Every product has exactly one. No zod here, so that the
 * catalogue page and the product card can read the labels without loading a schema library.
 */
export const productCategories = [
  { slug: 'chisels', label: 'Chisels' },
  { slug: 'planes', label: 'Planes' },
  { slug: 'saws', label: 'Saws' },
  { slug: 'marking-and-measuring', label: 'Marking & measuring' },
  { slug: 'mallets-and-hammers', label: 'Mallets & hammers' },
  { slug: 'spokeshaves-and-scrapers', label: 'Spokeshaves & scrapers' },
  { slug: 'sharpening', label: 'Sharpening' },
  { slug: 'clamps', label: 'Clamps' },
  { slug: 'other', label: 'Other tools' },
] as const;

export type ProductCategory = (typeof productCategories)[number]['slug'];

export const categorySlugs = productCategories.map((category) => category.slug) as [ProductCategory, ...ProductCategory[]];

/** Where a product goes when nobody said: products added before categories existed, for instance. */
export const defaultCategory: ProductCategory = 'other';

export function isProductCategory(value: unknown): value is ProductCategory {
  return categorySlugs.some((slug) => slug === value);
}

export function categoryLabel(slug: ProductCategory): string {
  return productCategories.find((category) => category.slug === slug)?.label ?? slug;
}
