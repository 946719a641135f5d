import { useState } from 'react';
import { countOf } from '../../../../common/plurals.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useStaffReviews } from '../../../features/reviews/api/staff-review-queries.ts';
import { StaffReviewItem } from '../../../features/reviews/components/staff-review-item.tsx';

const pageSize = 10;

/** Every review, newest first, hidden ones too: staff with the content right hide, show and answer them (issue 29). */
export default function ManageReviewsPage() {
  const [page, setPage] = useState(1);
  const list = useStaffReviews({ limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage
      title="Reviews"
      intro="Customers’ reviews, newest first. A hidden review leaves the shop’s pages and its product’s rating until it is shown again; a reply is shown in public under the review, and its author is told by e-mail the first time."
    >
      {list.isPending && <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the reviews" />}
      {list.isError && <ErrorState title="We could not load the reviews" error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && list.data.items.length === 0 && <EmptyState title="No reviews yet">Reviews customers write arrive here, newest first.</EmptyState>}
      {list.isSuccess && list.data.items.length > 0 && (
        <>
          <p className="text-sm text-stone-600">{list.data.capped ? `More than ${countOf(list.data.total, 'review')}` : countOf(list.data.total, 'review')}, newest first.</p>
          <ul aria-label="Reviews" className={`space-y-4 ${list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
            {list.data.items.map((review) => (
              <li key={review._id}>
                <StaffReviewItem review={review} />
              </li>
            ))}
          </ul>
        </>
      )}
      {list.isSuccess && <Pagination page={page} pageCount={Math.ceil(list.data.total / pageSize)} onPage={setPage} label="Pages of reviews" />}
    </DashboardPage>
  );
}
