import { useState } from 'react';
import { Link } from 'react-router';
import { productPagePath } from '../../../../common/product-page.ts';
import { pieces } from '../../../../common/plurals.ts';
import type { WaitingDemand } from '../../../../common/schemas/stock-alerts.ts';
import { piecesToOrder } from '../../../../common/variants.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useWaitingDemand } from '../../../features/stock-alerts/api/stock-alert-queries.ts';

const pageSize = 20;

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

function DemandRow({ row }: { row: WaitingDemand }) {
  return (
    <StackingRow columns="grid-cols-2">
      <StackingCell className="col-span-full">
        <Link to={productPagePath(row.productId)} className="link-hover link font-medium text-stone-900 [overflow-wrap:anywhere]">
          {row.product}
        </Link>
        {/* Waiting for one variant: which; for any of them (or a tool sold one way), nothing more to say. */}
        {row.variantId && <p className="text-sm text-stone-600">{[row.variant, row.sku].filter(Boolean).join(' · ')}</p>}
      </StackingCell>
      <StackingCell heading="Waiting">
        <span className="font-semibold text-stone-900">{people(row.waiting)}</span>
      </StackingCell>
      <StackingCell heading="In stock">
        {row.availQuantity} <span className="text-sm text-stone-600">({pieces(piecesToOrder(row.availQuantity))} to order)</span>
      </StackingCell>
    </StackingRow>
  );
}

/** How many people wait for each sold-out product and variant: confirmed, not yet told, not unsubscribed (admins). */
export default function WaitingCustomersPage() {
  const [page, setPage] = useState(1);
  const demand = useWaitingDemand({ limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage
      title="Waiting customers"
      intro="People who asked to be e-mailed when a sold-out tool is back, the most awaited first. Each gets one e-mail, a few minutes after the tool can be ordered again."
    >
      {demand.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the waiting customers" />
      ) : demand.isError ? (
        <ErrorState title="We could not load the waiting customers" error={demand.error} onRetry={() => void demand.refetch()} />
      ) : demand.data.items.length === 0 ? (
        <EmptyState title="Nobody is waiting">When a customer asks to hear about a sold-out tool, it is counted here.</EmptyState>
      ) : (
        <div className="space-y-6">
          <StackingTable caption="Waiting customers" headings={[{ label: 'Tool' }, { label: 'Waiting' }, { label: 'In stock' }]}>
            {demand.data.items.map((row) => (
              <DemandRow key={`${row.productId}/${row.variantId}`} row={row} />
            ))}
          </StackingTable>
          <Pagination page={page} pageCount={Math.ceil(demand.data.total / pageSize)} onPage={setPage} label="Waiting customers pages" />
        </div>
      )}
    </DashboardPage>
  );
}
