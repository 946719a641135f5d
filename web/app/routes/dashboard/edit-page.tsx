import { Link, useParams } from 'react-router';
import { isShopPageSlug, shopPageLabels, shopPagePath } from '../../../../common/shop-pages.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useEditableShopPages } from '../../../features/shop-pages/api/shop-page-queries.ts';
import { ShopPageForm } from '../../../features/shop-pages/components/shop-page-form.tsx';
import NotFoundPage from '../not-found.tsx';

/** The editor of one of the owner's pages (`/dashboard/pages/{slug}`), under the Pages page's right. */
export default function EditPagePage() {
  const { slug = '' } = useParams();
  const editor = useEditableShopPages();
  if (!isShopPageSlug(slug)) return <NotFoundPage />;
  const label = shopPageLabels[slug];
  const page = editor.data?.pages.find((candidate) => candidate.slug === slug);
  return (
    <DashboardPage
      title={`Edit: ${label}`}
      intro={
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/dashboard/pages" className="link link-primary">
            All pages
          </Link>
          <Link to={shopPagePath(slug)} className="link link-primary">
            {`View ${shopPagePath(slug)}`}
          </Link>
        </span>
      }
    >
      {editor.isPending ? (
        <div className="skeleton h-96 w-full rounded-xl" aria-label="Loading the page" />
      ) : editor.isError ? (
        <ErrorState title="We could not load the page" error={editor.error} onRetry={() => void editor.refetch()} />
      ) : page ? (
        <ShopPageForm key={slug} page={page} placeholders={editor.data.placeholders} />
      ) : (
        <ErrorState title="This page has no published version" error={new Error('Reload to try again.')} onRetry={() => void editor.refetch()} />
      )}
    </DashboardPage>
  );
}
