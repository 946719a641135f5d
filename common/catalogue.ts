/** Catalogue constants both sides use; kept apart from the zod schemas so the home page loads no schema library. */
export const productSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

export const minRating = 1;
export const maxRating = 5;
