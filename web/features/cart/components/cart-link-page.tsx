import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

/** The page a cart reminder's link opens: what happened, in a few lines, and the way on to the cart or the shop. */
export function CartLinkPage({ title, children, toCart = true }: { title: string; children: ReactNode; toCart?: boolean }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <PageMeta title={title} />
      <p className="text-xs font-semibold uppercase tracking-widest text-primary">Your cart</p>
      <h1 className="font-display mt-3 text-3xl font-semibold text-stone-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 space-y-4 text-stone-700 [overflow-wrap:anywhere]">{children}</div>
      <Link to={toCart ? '/cart' : '/products'} className="btn btn-primary mt-8">
        {toCart ? 'Open the cart' : 'Browse the catalogue'}
      </Link>
    </section>
  );
}
