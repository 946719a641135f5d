import { categoryPagePath } from '../../../common/categories.ts';
import { productPagePath } from '../../../common/product-page.ts';
import { shopPagePath, shopPageSlugs } from '../../../common/shop-pages.ts';
import { escapeXml } from './html-text.ts';

/** The public pages besides the products' own: the home page, the catalogue, the company's pages and the pages the owner writes. */
export const publicPagePaths = ['/', '/products', '/blogs', '/portfolio', ...shopPageSlugs.map(shopPagePath)] as const;

/** A sitemap holds at most this many addresses (sitemaps.org); a larger shop would need a sitemap index. */
export const sitemapLimit = 50_000;

/**
 * The sitemap (sitemaps.org): every public page, every category's page and every product's page, as
 * absolute addresses on the shop's public origin, written as the product ids arrive a batch at a time.
 */
export async function sitemapXml(origin: string, productIdBatches: AsyncIterable<string[]>, categorySlugs: readonly string[] = []): Promise<string> {
  const locations: string[] = [...publicPagePaths, ...categorySlugs.map(categoryPagePath)].map((path) => new URL(path, origin).href);
  for await (const ids of productIdBatches) {
    for (const id of ids) locations.push(new URL(productPagePath(id), origin).href);
    if (locations.length >= sitemapLimit) break;
  }
  const urls = locations.slice(0, sitemapLimit).map((location) => `  <url><loc>${escapeXml(location)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** robots.txt: crawl everything but the signed-in pages (which only show a sign-in form), and find the sitemap. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /dashboard', 'Disallow: /purchase', '', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, ''].join('\n');
}
