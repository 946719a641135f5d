import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RatingSummary } from '../../../common/product-page.ts';
import { productPagePath } from '../../../common/product-page.ts';
import { categoryPagePath } from '../../../common/categories.ts';
import { AppError } from '../../errors.ts';
import type { CategoryService } from '../categories/category-service.ts';
import type { ProductService } from '../products/product-service.ts';
import type { AppShell } from './app-shell.ts';
import type { RenderPage } from '../../../common/rendered-page.ts';
import { categoryPageHead } from './page-heads.ts';
import { missingProductHead, productPageHead } from './product-head.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

export interface ProductPageRouteOptions {
  products: Pick<ProductService, 'get' | 'allIds'>;
  ratingOf: (productId: string) => Promise<RatingSummary>;
  categories: Pick<CategoryService, 'list'>;
  /** The shop's public address (PUBLIC_URL): every address these pages give is absolute on it. */
  publicUrl: string;
  /** The built web app's page; without a build the product pages answer as any unbuilt page does. */
  shell: AppShell | undefined;
  /** The page rendered on the server (ADR 024), when the web app's renderer is built. */
  renderPage: RenderPage | undefined;
}

/**
 * Pages for search engines and link previews, outside /api: each product's and each category's page
 * with its head written on the server, the sitemap and robots.txt. Public, and revalidated like the catalogue
 * (ADR 005): a browser or proxy keeps them but asks again each time, so an edit shows at once.
 */
export const productPageRoutes: FastifyPluginAsyncZod<ProductPageRouteOptions> = async (app, { products, ratingOf, categories, publicUrl, shell, renderPage }) => {
  const origin = new URL(publicUrl).origin;
  const page = { access: 'public', cache: 'revalidate' } as const;

  app.get('/products/:id', { config: page, schema: { hide: true, params: z.object({ id: z.string() }) } }, async (request, reply) => {
    if (!shell) return reply.callNotFound();
    const { id } = request.params;
    const product = await products.get(id).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) return undefined;
      throw error;
    });
    reply.type('text/html; charset=utf-8');
    // The app shows its not-found page there; the status tells search engines it is gone. A hidden product is not shown.
    if (!product || product.hidden) return reply.status(404).send(shell.page(missingProductHead(productPagePath(id)), undefined));
    const [rating, rendered] = await Promise.all([ratingOf(product._id), renderPage?.(request.url)]);
    return shell.page(productPageHead(product, rating, origin), rendered);
  });

  // A category's page, with its own title and description; an address that names no category is the not-found page.
  app.get('/categories/:slug', { config: page, schema: { hide: true, params: z.object({ slug: z.string() }) } }, async (request, reply) => {
    if (!shell) return reply.callNotFound();
    const category = (await categories.list()).find((candidate) => candidate.slug === request.params.slug);
    reply.type('text/html; charset=utf-8');
    if (!category) return reply.status(404).send(shell.page(missingProductHead(categoryPagePath(request.params.slug)), undefined));
    return shell.page(categoryPageHead(category, origin), await renderPage?.(request.url));
  });

  app.get('/sitemap.xml', { config: page, schema: { hide: true } }, async (_request, reply) => {
    const categorySlugs = (await categories.list()).map((category) => category.slug);
    return reply.type('application/xml; charset=utf-8').send(await sitemapXml(origin, products.allIds(), categorySlugs));
  });

  app.get('/robots.txt', { config: page, schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/plain; charset=utf-8').send(robotsTxt(origin));
  });
};
