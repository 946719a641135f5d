/**
 * The owner's categories (rows of `categories`, `GET /api/categories`): their limits, messages and
 * addresses. No zod here, so that the header and the product card can use them without loading a
 * schema library; the wire's schemas are in `schemas/categories.ts`.
 */
export const categoryLimits = { name: 60, slug: 60, description: 500, count: 200 } as const;

export const categoryMessages = {
  nameRequired: 'Name is Required',
  nameTooLong: `A name is at most ${categoryLimits.name} characters`,
  slug: 'An address name is lower-case letters and digits, words joined by dashes (such as bench-planes)',
  descriptionTooLong: `A description is at most ${categoryLimits.description} characters`,
  exists: 'There is a category with this address name already',
  unknown: 'There is no category with this address name',
  unknownParent: 'The category to put it under does not exist',
  parentHasParent: 'A category can only go under a top-level category: one level of nesting',
  hasChildren: 'This category has categories under it, so it cannot go under another',
  underItself: 'A category cannot go under itself',
  notEmpty: (name: string, count: number) => `${name} still holds ${count} ${count === 1 ? 'tool' : 'tools'}. Move them to another category first.`,
  hasChildrenToDelete: (name: string) => `${name} has categories under it. Delete or move them first.`,
  tooMany: `The shop keeps at most ${categoryLimits.count} categories`,
  created: (name: string) => `${name} is added.`,
  updated: (name: string) => `${name} is saved.`,
  deleted: (name: string) => `${name} is deleted.`,
} as const;

/** A category's address name, made from its name when none is given: "Bench planes & more" → "bench-planes-more". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, categoryLimits.slug)
    .replace(/-+$/, '');
}

/** A category's own page. */
export const categoryPagePath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

/** What a category's page says of itself in its head: the owner's description, or a sentence made from its name. */
export function categoryPageDescription(category: { name: string; description: string }): string {
  const own = category.description.replace(/\s+/g, ' ').trim();
  return own || `${category.name}: every one Joinery makes, with its price and the smallest order we take.`;
}

/** Where a product goes when nobody said: the seeded general category. */
export const defaultCategory = 'other';
