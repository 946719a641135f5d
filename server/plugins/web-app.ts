import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { documentTitle } from '../../common/page-titles.ts';
import { pagesWithTokens } from '../../common/rendered-page.ts';
import type { ApiError } from '../../common/schemas/errors.ts';
import { loadAppShell } from '../modules/product-pages/app-shell.ts';
import { publicPageHeadOf } from '../modules/product-pages/page-heads.ts';
import { loadPageRenderer } from '../modules/product-pages/page-renderer.ts';
import { type ProductPageRouteOptions, productPageRoutes } from '../modules/product-pages/product-page-routes.ts';
import { type ShopPageHtmlRouteOptions, shopPageHtmlRoutes } from '../modules/shop-pages/shop-page-html-routes.ts';
import { registerBuiltAssets } from './built-assets.ts';
import { featureRoutes, routeConcerns } from './feature-routes.ts';

/** The page itself must be revalidated on every load; the other unhashed files (pictures, the icon) are kept a day. */
function cacheControlFor(filePath: string): string {
  // With pre-compressed files the path is that of the .br or .gz beside the original.
  return filePath.replace(/\.(br|gz)$/, '').endsWith('.html') ? 'no-cache' : 'public, max-age=86400';
}

/** The head of the not-found page: its title, and no search engine keeps it. */
const notFoundHead = { title: documentTitle('Page not found'), tags: '<meta name="robots" content="noindex" />' };

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A last path segment with an extension names a file; a missing file is a 404, never the app. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

export interface WebAppOptions extends Pick<ProductPageRouteOptions, 'products' | 'ratingOf' | 'categories' | 'publicUrl'> {
  /** The built web app's folder (dist/web); without a build, every page says how to make one. */
  webRoot: string;
  /** The pages the owner writes (ADR 044), each at /pages/{slug} with its own head. */
  pages: ShopPageHtmlRouteOptions['pages'];
}

/**
 * Serves the built single-page app: the hashed assets from memory (registerBuiltAssets), the other
 * files from the folder. Every path that is not a file or an API call answers the app's page, so that
 * reloading a deep link such as /dashboard/myorders works; a public page comes rendered on the server
 * when the renderer is built (ADR 024). The page is public and revalidated, and kept in memory with
 * the catalogue's answers, whose version it follows. Unknown /api paths answer a JSON 404.
 */
export const webApp = fp<WebAppOptions>(
  async (app, { webRoot, products, ratingOf, categories, publicUrl, pages }) => {
    const shell = loadAppShell(webRoot);
    const renderPage = shell && (await loadPageRenderer(app, webRoot));
    // Each product's page with its head written on the server, the sitemap and robots.txt.
    await app.register(featureRoutes('product-pages', productPageRoutes), { products, ratingOf, categories, publicUrl, shell, renderPage });
    if (shell) await app.register(featureRoutes('shop-page-html', shopPageHtmlRoutes), { pages, publicUrl, shell, renderPage });
    const built = shell !== undefined;
    if (built) {
      registerBuiltAssets(app, webRoot);
      await app.register(fastifyStatic, {
        root: webRoot,
        index: false,
        // One route per built file, found at start; every other path falls through to the page route below.
        wildcard: false,
        globIgnore: ['assets/**'],
        preCompressed: true,
        setHeaders(reply, filePath) {
          reply.header('cache-control', cacheControlFor(filePath));
        },
      });
      for (const url of pagesWithTokens) {
        app.get(url, { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
          reply.type('text/html; charset=utf-8').send(shell.page(publicPageHeadOf(url), undefined)),
        );
      }
      app.get('/*', { config: { access: 'public', cache: 'revalidate' }, schema: { hide: true } }, async (request, reply) => {
        if (isApiPath(request.url) || looksLikeFile(request.url)) return reply.callNotFound();
        const rendered = await renderPage?.(request.url);
        // Each public page's own title and description (common/page-titles.ts); an address with no page has the not-found page's.
        const head = rendered?.status === 404 ? notFoundHead : publicPageHeadOf(request.url.split('?')[0] ?? '/');
        return reply
          .code(rendered?.status ?? 200)
          .type('text/html; charset=utf-8')
          .send(shell.page(head, rendered));
      });
    } else {
      app.log.warn(`No built web app at ${webRoot}: run "npm run build" to serve the shop's pages.`);
    }

    app.setNotFoundHandler((request, reply) => {
      const api = isApiPath(request.url);
      const message = api
        ? `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`
        : built
          ? 'Not found.'
          : 'The web app is not built. Run "npm run build", then start the server again.';
      return reply.status(404).send({ code: 'NOT_FOUND', message } satisfies ApiError);
    });
  },
  // After the API: its pages are rendered from the API's own answers (in-process), and its not-found
  // handler answers the API's unknown paths too.
  { name: 'web-app', dependencies: [...routeConcerns, 'api'], fastify: '5.x' },
);
