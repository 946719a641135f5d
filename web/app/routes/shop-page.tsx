import { useParams } from 'react-router';
import { isShopPageSlug } from '../../../common/shop-pages.ts';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { ErrorState } from '../../components/ui/query-states.tsx';
import { usePublishedShopPage } from '../../features/shop-pages/api/shop-page-queries.ts';
import { RichTextView } from '../../features/shop-pages/components/rich-text-view.tsx';
import { dateOnlyUtc } from '../../lib/date-format.ts';
import NotFoundPage from './not-found.tsx';

/** A page the owner writes (`/pages/{slug}`): terms, privacy, returns, shipping, about; any other address is the not-found page. */
export default function ShopPage() {
  const { slug = '' } = useParams();
  if (!isShopPageSlug(slug)) return <NotFoundPage />;
  return <PublishedPage key={slug} slug={slug} />;
}

function PublishedPage({ slug }: { slug: string }) {
  const page = usePublishedShopPage(slug);
  if (page.isPending) return <PageLoading />;
  if (page.isError) {
    return (
      <PageShell title="Page">
        <ErrorState title="We could not load this page." error={page.error} onRetry={() => void page.refetch()} />
      </PageShell>
    );
  }
  const { title, body, description, version, publishedAt } = page.data;
  return (
    <PageShell
      title={title}
      description={description}
      // The day in UTC: the same on the server's render and in every reader's browser.
      intro={<p className="text-sm text-stone-500">{`Last updated ${dateOnlyUtc.format(new Date(publishedAt))} · version ${version}`}</p>}
    >
      <article className="max-w-3xl">
        <RichTextView source={body} />
      </article>
    </PageShell>
  );
}
