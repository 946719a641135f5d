import { useState } from 'react';
import { Link } from 'react-router';
import { returnStatuses, type ReturnStatus } from '../../../../common/returns.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useReturnList } from '../../../features/returns/api/return-queries.ts';
import { OrderReturnItem } from '../../../features/returns/components/order-returns.tsx';

const pageSize = 20;

/** The list's filters, in the order a return moves through them: those waiting for a decision first. */
const filters: Record<ReturnStatus, string> = { requested: 'Waiting', approved: 'Approved', received: 'Received', refused: 'Refused' };

/** The admin's returns at a status, oldest first (the oldest has waited longest), each leading to its order, where it is decided. */
export default function ManageReturnsPage() {
  const [status, setStatus] = useState<ReturnStatus>('requested');
  const [page, setPage] = useState(1);
  const list = useReturnList({ status, limit: pageSize, offset: (page - 1) * pageSize });
  const choose = (next: ReturnStatus) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <DashboardPage title="Returns" intro="Customers’ requests to send pieces back. Open a return’s order to approve, refuse, or mark it received and refund or exchange it.">
      <div role="group" aria-label="Show returns" className="flex flex-wrap gap-1 rounded-lg bg-base-200 p-1">
        {returnStatuses.map((each) => (
          <button key={each} type="button" aria-pressed={each === status} className={`btn btn-sm ${each === status ? 'btn-neutral' : 'btn-ghost'}`} onClick={() => choose(each)}>
            {filters[each]}
          </button>
        ))}
      </div>
      {list.isPending && <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the returns" />}
      {list.isError && <ErrorState title="We could not load the returns" error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && list.data.items.length === 0 && <EmptyState title={status === 'requested' ? 'No return is waiting' : `No ${filters[status].toLowerCase()} returns`} />}
      {list.isSuccess && list.data.items.length > 0 && (
        <ul aria-label="Returns" className="divide-y divide-base-300 rounded-xl border border-base-300 bg-base-100 px-5 py-4 sm:px-6">
          {list.data.items.map((made) => (
            <OrderReturnItem
              key={made.id}
              made={made}
              forAdmin
              actions={
                <p>
                  <Link to={`/dashboard/orders/${made.orderId}`} className="link link-primary">
                    Order {made.orderNumber}
                  </Link>{' '}
                  <span className="text-stone-600">· {made.customerName}</span>
                </p>
              }
            />
          ))}
        </ul>
      )}
      {list.isSuccess && <Pagination page={page} pageCount={Math.ceil(list.data.total / pageSize)} onPage={setPage} label="Pages of returns" />}
    </DashboardPage>
  );
}
