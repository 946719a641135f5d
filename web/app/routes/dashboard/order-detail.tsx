import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { useOrderDetails } from '../../../features/orders/api/order-queries.ts';
import { OrderNotesPanel } from '../../../features/orders/components/order-notes-panel.tsx';
import { OrderBackLink, OrderOverview } from '../../../features/orders/components/order-overview.tsx';
import { OrderReturnsCard } from '../../../features/returns/components/order-returns-card.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** Back to the list this person reached the order from: their own orders, or the shop's. */
const backTo = (forAdmin: boolean) => (forAdmin ? { to: '/dashboard/manageorder', label: 'Manage Orders' } : { to: '/dashboard/myorders', label: 'My Orders' });

/** One order: its customer's own, or any for an admin. Someone else's reads as not found. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const { data: viewer } = useSession();
  const forAdmin = viewer?.role === 'admin';
  const details = useOrderDetails(id);

  if (details.isPending) return <div className="skeleton h-96 w-full rounded-xl" aria-label="Loading the order" />;
  if (details.isError) {
    const missing = details.error instanceof ApiRequestError && details.error.status === 404;
    return (
      <div className="space-y-6">
        <PageMeta title={missing ? 'Order not found' : 'Order'} />
        <OrderBackLink back={backTo(forAdmin)} />
        {missing ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
            <h1 className="font-display text-2xl font-semibold text-stone-900">Order not found</h1>
            <p className="max-w-md text-sm text-stone-600">
              {forAdmin
                ? 'No order has this address. It may have been mistyped.'
                : 'None of your orders has this address. It may have been mistyped, or belong to another account.'}
            </p>
            <Link to={forAdmin ? '/dashboard/manageorder' : '/dashboard/myorders'} className="btn btn-outline btn-sm">
              {forAdmin ? 'Go to Manage Orders' : 'Go to My Orders'}
            </Link>
          </div>
        ) : (
          <>
            <h1 className="sr-only">Order</h1>
            <ErrorState title="We could not load this order" error={details.error} onRetry={() => void details.refetch()} />
          </>
        )}
      </div>
    );
  }
  // Only an admin's answer carries the staff's notes.
  const { notes } = details.data;
  return (
    <OrderOverview
      details={details.data}
      forAdmin={forAdmin}
      back={backTo(forAdmin)}
      notes={forAdmin && notes && <OrderNotesPanel orderId={details.data.order._id} notes={notes} />}
      returns={<OrderReturnsCard details={details.data} forAdmin={forAdmin} />}
    />
  );
}
