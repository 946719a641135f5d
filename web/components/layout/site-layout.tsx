import { useEffect } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { CartSync } from '../../features/cart/components/cart-sync.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Where a page's scroll position is kept. Every page opened afresh (typed, or from a link elsewhere)
 * has the location key "default", so by key alone it would open at the scroll of the last page opened
 * afresh in the tab; such a page is kept by its address instead.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname + location.search : location.key);

/**
 * The header and footer that frame every page. The page's part is at least a screen tall, so that the
 * footer starts below the fold: a page whose code or data is still on its way, then arrives taller or
 * shorter than its loading state, moves nothing the visitor can see.
 */
export function SiteLayout() {
  // Says that the app runs the page: a page rendered on the server is only markup until then (ADR 024),
  // and the browser tests wait for this before they press anything on it.
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
  }, []);
  return (
    <ToastProvider>
      <div className="flex min-h-screen flex-col bg-base-100">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-base-100 focus:px-4 focus:py-2">
          Skip to content
        </a>
        <CartSync />
        <SiteHeader />
        <main id="main" className="min-h-svh">
          <Outlet />
        </main>
        <SiteFooter />
        <ScrollRestoration getKey={scrollKey} />
      </div>
    </ToastProvider>
  );
}
