import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

/** The page a newsletter e-mail's link opens: what happened, in a few lines, and the way back to the shop. */
export function NewsletterLinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <PageMeta title={title} />
      <p className="text-xs font-semibold uppercase tracking-widest text-primary">Newsletter</p>
      <h1 className="font-display mt-3 text-3xl font-semibold text-stone-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 space-y-4 text-stone-700 [overflow-wrap:anywhere]">{children}</div>
      <Link to="/" className="btn btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  );
}

/** What a link without its token shows: nothing can be done with it. */
export function IncompleteNewsletterLink() {
  return (
    <NewsletterLinkPage title="This link is incomplete">
      <p role="alert">The address has lost its token on the way. Please open the link from the e-mail again, or copy all of it into the address bar.</p>
    </NewsletterLinkPage>
  );
}
