import type { Category } from '../../common/schemas/categories.ts';

/** The categories a fresh shop starts with (migration 028), as `GET /api/categories` lists them. */
export const seededCategories: Category[] = [
  ['chisels', 'Chisels'],
  ['planes', 'Planes'],
  ['saws', 'Saws'],
  ['marking-and-measuring', 'Marking & measuring'],
  ['mallets-and-hammers', 'Mallets & hammers'],
  ['spokeshaves-and-scrapers', 'Spokeshaves & scrapers'],
  ['sharpening', 'Sharpening'],
  ['clamps', 'Clamps'],
  ['other', 'Other tools'],
].map(([slug, name], position) => ({ slug: slug!, name: name!, description: '', parentSlug: null, position, productCount: 0 }));

/** The stubbed server's answer to the list of categories (see network.ts). */
export const categoryAnswers = { 'GET /api/categories': { body: seededCategories } };
