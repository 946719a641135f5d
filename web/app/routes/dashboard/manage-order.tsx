import { useSearchParams } from 'react-router';
import { useStaffRight } from '../../../features/auth/api/session-queries.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { orderListStages, type OrderListStage } from '../../../../common/schemas/orders.ts';
import { CursorPagination, EmptyKeysetPage } from '../../../components/ui/cursor-pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { ordersCsvPath, useEveryOrder } from '../../../features/orders/api/order-queries.ts';
import { ManageOrdersTable } from '../../../features/orders/components/manage-orders-table.tsx';
import { ShipSeveralButton } from '../../../features/orders/components/ship-several-button.tsx';
import { OrderStageFilter, stageFilters } from '../../../features/orders/components/order-stage-filter.tsx';

const pageSize = 20;

function readStage(value: string | null): OrderListStage | undefined {
  return orderListStages.find((stage) => stage === value);
}

/**
 * Every order in the shop, newest first, filtered by stage and searched by order number, e-mail or
 * name. The address keeps the view (?stage=&q=&page=, and the place the page starts after or ends
 * before), so a reload or Back shows the same orders. Pages step by keyset (ADR 021): reading page
 * 40,000 costs what reading the first does.
 */
export default function ManageOrderPage() {
  const [params, setParams] = useSearchParams();
  const changesOrders = useStaffRight('orders');
  const stage = readStage(params.get('stage'));
  const q = params.get('q') ?? '';
  const after = params.get('after') ?? undefined;
  const before = after ? undefined : (params.get('before') ?? undefined);
  const page = after || before ? Math.max(2, Number.parseInt(params.get('page') ?? '2', 10) || 2) : 1;
  /** Back to the first page: what any new filter or search shows. */
  const firstPage = { page: undefined, after: undefined, before: undefined };
  const { search, type, taken, clear } = useAddressSearch(q, (words) => update({ q: words, ...firstPage }, true));

  function update(changes: Record<string, string | undefined>, replace = false) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace });
  }

  const orders = useEveryOrder({ stage, q: q || undefined, limit: pageSize, after, before });
  const total = orders.data?.total ?? 0;
  const capped = orders.data?.capped ?? false;
  const pageCount = capped ? undefined : Math.ceil(total / pageSize);
  const items = orders.data?.items ?? [];
  // As the pager reads it: a full page may have older orders after it.
  const hasOlder = items.length === pageSize;
  const filtered = Boolean(stage || q);
  const stageLabel = stageFilters.find((filter) => filter.stage === stage)?.label ?? 'All';

  function clearFilters() {
    clear();
    update({ stage: undefined, q: undefined, ...firstPage });
  }

  return (
    <DashboardPage
      title="Manage Orders"
      intro="Every order in the shop, newest first: find one by its number, the customer's e-mail or name, ship what is paid and follow it to the door."
    >
      <div className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <form role="search" className="flex-1" onSubmit={(event) => event.preventDefault()}>
            <label className="block">
              <span className="mb-1.5 block text-sm font-medium text-stone-800">Search orders</span>
              <input type="search" className="input w-full" placeholder="J-1042, e-mail or name" maxLength={100} value={search} onChange={(event) => type(event.target.value)} />
            </label>
          </form>
          {/* Shipping and exporting change or take out orders: for roles with the 'orders' right (ADR 042). */}
          {changesOrders && (
            <>
              {/* Beside the form, not in it: its dialog holds a form of its own. */}
              <ShipSeveralButton />
              {/* The orders of this stage and search as a file: a plain link (the browser sends the session cookie), named by the server for the day. */}
              <a href={ordersCsvPath({ stage, q: q || undefined })} download className="btn btn-outline">
                Export CSV
              </a>
            </>
          )}
        </div>
        {/* A filter takes what is typed in the search box along, even before its pause is over. */}
        <OrderStageFilter
          stage={stage}
          onStage={(next) => {
            taken();
            update({ stage: next, q: search.trim() || undefined, ...firstPage });
          }}
        />
        {/* With nothing found the empty state below says so; this line only announces it. */}
        <p className={`text-sm text-stone-600 ${total === 0 ? 'sr-only' : ''}`} aria-live="polite">
          {orders.data &&
            (total === 0
              ? 'No orders found.'
              : `${total.toLocaleString('en-US')}${capped ? '+' : ''} ${total === 1 ? 'order' : 'orders'}${stage ? ` · ${stageLabel}` : ''}${q ? ` matching “${q}”` : ''}${page > 1 || hasOlder ? `, page ${page}${pageCount === undefined ? '' : ` of ${pageCount}`}` : ''}`)}
        </p>
      </div>

      {orders.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the orders" />
      ) : orders.isError ? (
        <ErrorState title="We could not load the orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No orders match">
            <p>
              {q ? `Nothing matches “${q}”` : 'There are no orders'}
              {stage ? ` among the ${stageLabel.toLowerCase()} orders` : ''}.
            </p>
            <button type="button" className="btn btn-sm btn-outline mt-3" onClick={clearFilters}>
              Clear filters
            </button>
          </EmptyState>
        ) : page > 1 ? (
          <EmptyKeysetPage noun="orders" onNewest={() => update(firstPage)} />
        ) : (
          <EmptyState title="No orders yet" />
        )
      ) : (
        <div className={`space-y-6 ${orders.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
          <ManageOrdersTable orders={orders.data.items} />
          <CursorPagination
            place={{ page, after, before }}
            items={items}
            pageSize={pageSize}
            pageCount={pageCount}
            onPlace={(next) => update({ page: next.page > 1 ? String(next.page) : undefined, after: next.after, before: next.before })}
            label="Order pages"
          />
        </div>
      )}
    </DashboardPage>
  );
}
