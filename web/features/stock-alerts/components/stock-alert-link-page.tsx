import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productPagePath } from '../../../../common/product-page.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

/** The page a stock alert e-mail's link opens: what happened, in a few lines, and the way back to the tool or the shop. */
export function StockAlertLinkPage({ title, productId, children }: { title: string; productId?: string | undefined; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <PageMeta title={title} />
      <p className="text-xs font-semibold uppercase tracking-widest text-primary">Back-in-stock alert</p>
      <h1 className="font-display mt-3 text-3xl font-semibold text-stone-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 space-y-4 text-stone-700 [overflow-wrap:anywhere]">{children}</div>
      <Link to={productId ? productPagePath(productId) : '/products'} className="btn btn-primary mt-8">
        {productId ? 'Back to the tool' : 'Browse the catalogue'}
      </Link>
    </section>
  );
}

/** What a link without its token shows: nothing can be done with it. */
export function IncompleteStockAlertLink() {
  return (
    <StockAlertLinkPage title="This link is incomplete">
      <p role="alert">The address has lost its token on the way. Please open the link from the e-mail again, or copy all of it into the address bar.</p>
    </StockAlertLinkPage>
  );
}
