import { maxRating } from './catalogue.ts';

/**
 * What a product's own page says about itself, to people and to search engines: the same words
 * whether the server writes them into the page or the web app sets them after a navigation.
 */

/** Search engines show about this many characters of a description. */
const descriptionLength = 160;

/** The product page's title, before the shop's name is added (" · Joinery"). */
export const productPageTitle = (name: string) => name;

/** The product's description cut to what a search result shows, at a word, with an ellipsis if cut. */
export function productPageDescription(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= descriptionLength) return text;
  const cut = text.slice(0, descriptionLength - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), descriptionLength / 2));
  return `${atWord.replace(/[\s,.;:–-]+$/, '')}…`;
}

export const productPagePath = (id: string) => `/products/${encodeURIComponent(id)}`;

/** The Add Review page, with the product chosen. */
export const reviewProductPath = (id: string) => `/dashboard/review?product=${encodeURIComponent(id)}`;

/** How many of a product's reviews its page shows at a time. */
export const productReviewPageSize = 5;

/** A product's reviews in two figures: how many, and their average rating (null without any). */
export interface RatingSummary {
  count: number;
  average: number | null;
}

/** The average of `count` ratings summing to `sum`, to one decimal, as the page shows it. */
export function ratingSummary(sum: number, count: number): RatingSummary {
  if (count === 0) return { count: 0, average: null };
  return { count, average: Math.min(maxRating, Math.round((sum / count) * 10) / 10) };
}

/** "4.5 out of 5 from 12 reviews", or that there are none yet. */
export function ratingSentence({ count, average }: RatingSummary): string {
  if (count === 0 || average === null) return 'No reviews yet';
  return `${average.toFixed(1)} out of ${maxRating} from ${count} ${count === 1 ? 'review' : 'reviews'}`;
}
