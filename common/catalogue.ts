/**
 * Catalogue constants both sides use; kept apart from the zod schemas so the home page loads no schema library.
 * `relevance` (best match first) is the order of a search unless another is chosen; without a search it is `newest`.
 */
export const productSorts = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

export const minRating = 1;
export const maxRating = 5;

/** The catalogue's filters: what a person is told when a value cannot be used. */
export const catalogueFilterMessages = {
  priceNotNumber: 'Enter a price in dollars, such as 25 or 49.50',
  priceNegative: 'A price cannot be below $0',
  priceTooHigh: 'Enter a price up to $999,999.99',
  priceCents: 'Use at most 2 decimals for cents',
  maxBelowMin: 'The highest price must be at least the lowest',
  unknownCategory: 'Choose one of our categories by its address name, such as chisels',
} as const;
