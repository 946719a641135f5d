import './lib/zod-without-eval.ts';
import { type DehydratedState, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/routes.tsx';
import { renderedStateId } from '../common/rendered-page.ts';

/** The app, started by main.tsx once the page is painted. */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const queryClient = createQueryClient();
const renderedState = document.getElementById(renderedStateId);

/**
 * A page the server rendered (ADR 024) is taken over as it stands: its answers go into the query cache
 * and its page's code is loaded before React hydrates it, so that the first render matches the markup.
 */
async function prepareRenderedPage(element: HTMLElement): Promise<void> {
  hydrate(queryClient, JSON.parse(element.textContent ?? '') as DehydratedState);
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

function app() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </QueryClientProvider>
    </StrictMode>
  );
}

const renderAfresh = (container: HTMLElement) => createRoot(container).render(app());

if (renderedState) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding it for
  // the whole page, so a tap during it is answered. A page whose answers or code could not be read is
  // drawn afresh instead of staying inert markup.
  prepareRenderedPage(renderedState).then(
    () => startTransition(() => void hydrateRoot(root, app())),
    () => renderAfresh(root),
  );
} else {
  // Any other page is rendered here from nothing.
  renderAfresh(root);
}
