import { categoryPageDescription, categoryPagePath } from '../../../common/categories.ts';
import { documentTitle, publicPageHead } from '../../../common/page-titles.ts';
import { productPageDescription } from '../../../common/product-page.ts';
import { shopIdentity } from '../../../common/shop-identity.ts';
import type { PageHead } from './app-shell.ts';
import { headTag } from './product-head.ts';

// The heads of the pages that are not a tool's: a category's, and the public pages known by their address.

/** The head of a category's page: its name as the title, its description, and its canonical address. */
export function categoryPageHead(category: { slug: string; name: string; description: string }, origin: string): PageHead {
  const path = categoryPagePath(category.slug);
  const url = new URL(path, origin).href;
  const description = productPageDescription(categoryPageDescription(category));
  const meta = (property: string, content: string) => headTag(path, 'meta', { property, content });
  const tags = [
    headTag(path, 'link', { rel: 'canonical', href: url }),
    meta('og:type', 'website'),
    meta('og:site_name', shopIdentity.shortName),
    meta('og:title', category.name),
    meta('og:description', description),
    meta('og:url', url),
  ];
  return { title: documentTitle(category.name), description, tags: tags.join('\n') };
}

/** The head of a public page known by its address alone (common/page-titles.ts); undefined for any other. */
export function publicPageHeadOf(path: string): PageHead | undefined {
  const head = publicPageHead(path);
  return head && { title: documentTitle(head.title), description: head.description, tags: '' };
}
