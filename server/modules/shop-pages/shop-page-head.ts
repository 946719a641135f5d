import { documentTitle } from '../../../common/page-titles.ts';
import type { PublishedShopPage } from '../../../common/schemas/shop-pages.ts';
import { shopIdentity } from '../../../common/shop-identity.ts';
import { shopPagePath } from '../../../common/shop-pages.ts';
import type { PageHead } from '../product-pages/app-shell.ts';
import { headTag } from '../product-pages/product-head.ts';

/** The head of a page the owner writes: its title, the start of its text as the description, and its canonical address. */
export function shopPageHead(page: PublishedShopPage, origin: string): PageHead {
  const path = shopPagePath(page.slug);
  const url = new URL(path, origin).href;
  const meta = (property: string, content: string) => headTag(path, 'meta', { property, content });
  const tags = [
    headTag(path, 'link', { rel: 'canonical', href: url }),
    meta('og:type', 'article'),
    meta('og:site_name', shopIdentity.shortName),
    meta('og:title', page.title),
    meta('og:description', page.description),
    meta('og:url', url),
  ];
  return { title: documentTitle(page.title), description: page.description, tags: tags.join('\n') };
}
