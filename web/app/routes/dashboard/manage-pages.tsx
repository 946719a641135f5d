import { Link } from 'react-router';
import { shopPageLabels, shopPagePath } from '../../../../common/shop-pages.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useEditableShopPages } from '../../../features/shop-pages/api/shop-page-queries.ts';
import { dateTime } from '../../../lib/date-format.ts';

/** The pages the owner writes (ADR 044): each with its version in force and when it was published, and its editor. */
export default function ManagePagesPage() {
  const editor = useEditableShopPages();
  return (
    <DashboardPage
      title="Pages"
      intro="The terms of sale, privacy notice, returns policy, shipping information and about page, linked from every page’s footer. Each publish is a new version; every order records the version of the terms its customer accepted."
    >
      {editor.isPending ? (
        <div className="skeleton h-72 w-full rounded-xl" aria-label="Loading the pages" />
      ) : editor.isError ? (
        <ErrorState title="We could not load the pages" error={editor.error} onRetry={() => void editor.refetch()} />
      ) : (
        <StackingTable
          caption="The shop’s pages"
          headings={[{ label: 'Page' }, { label: 'Title' }, { label: 'Version' }, { label: 'Published' }, { label: 'Actions', className: 'text-right' }]}
        >
          {editor.data.pages.map((page) => (
            <StackingRow key={page.slug}>
              <StackingCell>
                <span className="font-medium text-stone-900">{shopPageLabels[page.slug]}</span>
                <span className="block text-sm text-stone-500">{shopPagePath(page.slug)}</span>
              </StackingCell>
              <StackingCell heading="Title" className="[overflow-wrap:anywhere]">
                {page.title}
              </StackingCell>
              <StackingCell heading="Version">{page.version}</StackingCell>
              <StackingCell heading="Published">{dateTime.format(new Date(page.publishedAt))}</StackingCell>
              <StackingCell action>
                <div className="flex flex-wrap justify-end gap-2">
                  <Link to={shopPagePath(page.slug)} className="btn btn-ghost btn-sm" aria-label={`View ${shopPageLabels[page.slug]}`}>
                    View
                  </Link>
                  <Link to={`/dashboard/pages/${page.slug}`} className="btn btn-primary btn-sm" aria-label={`Edit ${shopPageLabels[page.slug]}`}>
                    Edit
                  </Link>
                </div>
              </StackingCell>
            </StackingRow>
          ))}
        </StackingTable>
      )}
    </DashboardPage>
  );
}
