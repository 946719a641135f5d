import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RenderPage } from '../../../common/rendered-page.ts';
import { isShopPageSlug } from '../../../common/shop-pages.ts';
import type { AppShell } from '../product-pages/app-shell.ts';
import { missingProductHead } from '../product-pages/product-head.ts';
import { shopPageHead } from './shop-page-head.ts';
import type { ShopPageService } from './shop-page-service.ts';

export interface ShopPageHtmlRouteOptions {
  pages: Pick<ShopPageService, 'published'>;
  /** The shop's public address (PUBLIC_URL): the page's canonical address is absolute on it. */
  publicUrl: string;
  shell: AppShell;
  /** The page rendered on the server (ADR 024), when the web app's renderer is built. */
  renderPage: RenderPage | undefined;
}

/**
 * `/pages/{slug}`: a page the owner writes, rendered on the server with its own title, description
 * and canonical address in the head (ADR 024, 044). Public and revalidated: kept with the catalogue's
 * answers and dropped with them when a version is published or a setting changes, so a publish shows at once.
 */
export const shopPageHtmlRoutes: FastifyPluginAsyncZod<ShopPageHtmlRouteOptions> = async (app, { pages, publicUrl, shell, renderPage }) => {
  const origin = new URL(publicUrl).origin;

  app.get('/pages/:slug', { config: { access: 'public', cache: 'revalidate' }, schema: { hide: true, params: z.object({ slug: z.string() }) } }, async (request, reply) => {
    const { slug } = request.params;
    reply.type('text/html; charset=utf-8');
    // The app shows its not-found page there; the status tells search engines there is no such page.
    if (!isShopPageSlug(slug)) return reply.status(404).send(shell.page(missingProductHead(`/pages/${slug}`), undefined));
    const [page, rendered] = await Promise.all([pages.published(slug), renderPage?.(request.url)]);
    return shell.page(shopPageHead(page, origin), rendered);
  });
};
