import './lib/zod-without-eval.ts';
import { QueryClientProvider, dehydrate, partialMatchKey, type Query, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client.ts';
import { notFoundRouteId, routes, signedInRouteId } from './app/routes.tsx';
import { authQueries } from './features/auth/api/session-queries.ts';
import { categoryQueries } from './features/categories/api/category-queries.ts';
import { productQueries } from './features/products/api/product-queries.ts';
import { reviewQueries } from './features/reviews/api/review-queries.ts';
import { shopPageQueries } from './features/shop-pages/api/shop-page-queries.ts';
import { setApiTransport } from './lib/api-client.ts';
import type { ApiTransport, RenderedPage, RenderPage } from '../common/rendered-page.ts';

/** The answers every visitor gets alike: the catalogue and its categories, reviews, the owner's pages and how one may sign in. Nothing of a person's own. */
const sharedQueries: QueryKey[] = [productQueries.all, categoryQueries.all, reviewQueries.all, shopPageQueries.all, authQueries.signInOptions().queryKey];
const isShared = (query: Query) => sharedQueries.some((key) => partialMatchKey(query.queryKey, key));

/** A page asking for answers that ask for more (a product, then its reviews) takes a render for each step. */
const maxRenders = 4;

/** The tags React puts before the page's markup (preloads) belong in the head. */
const leadingHeadTags = /^(?:<link\b[^>]*>)+/;

/**
 * Renders public pages (ADR 024) by asking `answer` (the server itself, as an anonymous visitor) for each API
 * call a page makes. Undefined when the address is not such a page (one behind sign-in, a redirect)
 * or a call it needs failed: the browser then renders the page on its own, as it does for every page
 * without a render.
 */
export function createPageRenderer(answer: ApiTransport): RenderPage {
  setApiTransport(answer);
  const handler = createStaticHandler(routes);

  return async function renderPage(url: string): Promise<RenderedPage | undefined> {
    // Checked before the static handler loads the matched pages' code.
    if (matchRoutes(routes, new URL(url).pathname)?.some(({ route }) => route.id === signedInRouteId)) return undefined;
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return undefined;
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = createQueryClient();
    // A failure is not retried here: the browser asks again itself.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, gcTime: Infinity } });
    const asked = new Set<Query>();
    try {
      for (let render = 1; ; render += 1) {
        const markup = renderToString(
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </QueryClientProvider>
          </StrictMode>,
        );
        const waiting = queryClient.getQueryCache().findAll({ predicate: (query) => isShared(query) && !asked.has(query) });
        if (waiting.length === 0) {
          if (queryClient.getQueryCache().findAll({ predicate: (query) => isShared(query) && query.state.status === 'error' }).length > 0) return undefined;
          const head = leadingHeadTags.exec(markup)?.[0] ?? '';
          const status = context.matches.some(({ route }) => route.id === notFoundRouteId) ? 404 : 200;
          return { head, body: markup.slice(head.length), state: dehydrate(queryClient, { shouldDehydrateQuery: isShared }), status };
        }
        if (render === maxRenders) return undefined;
        for (const query of waiting) asked.add(query);
        await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      }
    } finally {
      queryClient.clear();
    }
  };
}
