import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Order } from '../../../common/schemas/orders.ts';
import type { Viewer } from '../../../common/schemas/users.ts';
import { PageMeta } from '../../components/ui/page-meta.tsx';
import { ErrorState } from '../../components/ui/query-states.tsx';
import { useSession } from '../../features/auth/api/session-queries.ts';
import { loginPath } from '../../features/auth/login-path.ts';
import { cartQueries } from '../../features/cart/api/cart-queries.ts';
import { clearLocalCartPaidBy } from '../../features/cart/local-cart.ts';
import { useOrderDetails } from '../../features/orders/api/order-queries.ts';
import { OrderBackLink, OrderOverview } from '../../features/orders/components/order-overview.tsx';
import { type BackTo, OrderPaymentPanel, payerOf } from '../../features/orders/components/order-payment-panel.tsx';
import { isOpenUnpaid } from '../../features/orders/components/order-status.tsx';
import { orderKeyOf, rememberOrderKey } from '../../features/orders/order-keys.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/** Where the way back leads: the catalogue for a guest, who has no list of orders; their list for someone signed in. */
function backFor(viewer: Viewer | null | undefined): BackTo {
  if (!viewer) return { to: '/products', label: 'Back to the shop' };
  return viewer.role === 'admin' ? { to: '/dashboard/manageorder', label: 'Manage Orders' } : { to: '/dashboard/myorders', label: 'My Orders' };
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">{children}</div>;
}

/** Why the order does not open: its link lost its key (or part of it), or carries another order's. */
function LinkIncomplete({ orderId }: { orderId: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-xl border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
      <PageMeta title="Order link incomplete" />
      <h1 className="font-display text-2xl font-semibold text-stone-900">This link is incomplete</h1>
      <p className="text-sm text-stone-700">
        An order placed without an account opens from the link in its e-mails, which carries the order’s key. This address has no key, or not the right one. Open the link from the
        e-mail again, or copy all of it.
      </p>
      <p className="text-sm text-stone-700">Ordered with an account? Log in to see the order.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={loginPath(`/dashboard/orders/${orderId}`)} className="btn btn-primary btn-sm">
          Log in
        </Link>
        <Link to="/products" className="btn btn-ghost btn-sm">
          Browse the tools
        </Link>
      </div>
    </div>
  );
}

/** A signed-in person's view of an order that is not theirs: the server answers for their account, whatever key the link carried. */
function NotYours() {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-xl border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
      <PageMeta title="Order not found" />
      <h1 className="font-display text-2xl font-semibold text-stone-900">Order not found</h1>
      <p className="text-sm text-stone-600">None of your orders has this address. An order placed without an account opens from its e-mail’s link when you are not logged in.</p>
      <Link to="/dashboard/myorders" className="btn btn-outline btn-sm">
        Go to My Orders
      </Link>
    </div>
  );
}

/**
 * An order opened from the link in its e-mails (`/orders/{id}?key=…`, ADR 038): a guest's, who has no
 * account. The key is kept for this tab and taken out of the address, so that the address bar never
 * shares it; the calls about the order carry it. A guest pays an unpaid order here, downloads its
 * receipt, invoice and credit notes, and may cancel it while unpaid. Signed in, the server answers for
 * the account instead, and the page shows the person's own order as their order page does.
 */
export default function GuestOrderPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const key = params.get('key');
  // Kept before the order is asked for, as it is rendered: the call carries it. Never on the server,
  // which renders this page for anyone and must not keep anyone's key.
  if (key && typeof window !== 'undefined' && orderKeyOf(id) !== key) rememberOrderKey(id, key);

  useEffect(() => {
    if (!key) return;
    const rest = new URLSearchParams(params);
    rest.delete('key');
    const search = rest.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [key, params, location.pathname, location.hash, navigate]);

  const { data: viewer } = useSession();
  const details = useOrderDetails(id);
  const [paid, setPaid] = useState<Order | null>(null);
  const queryClient = useQueryClient();

  function paidNow(order: Order) {
    setPaid(order);
    // A signed-in customer's cart on the server is emptied when the order made from it is paid; a
    // guest's, kept in this browser, when it was checked out as this order.
    clearLocalCartPaidBy(order._id);
    void queryClient.invalidateQueries({ queryKey: cartQueries.all });
  }

  if (details.isPending) {
    return (
      <Frame>
        <div className="skeleton h-96 w-full rounded-xl" aria-label="Loading the order" />
      </Frame>
    );
  }
  if (details.isError) {
    const status = details.error instanceof ApiRequestError ? details.error.status : 0;
    return (
      <Frame>
        {status === 401 || (status === 404 && !viewer) ? (
          <LinkIncomplete orderId={id} />
        ) : status === 404 ? (
          <NotYours />
        ) : (
          <div className="space-y-6">
            <PageMeta title="Order" />
            <OrderBackLink back={backFor(viewer)} />
            <h1 className="sr-only">Order</h1>
            <ErrorState title="We could not load this order" error={details.error} onRetry={() => void details.refetch()} />
          </div>
        )}
      </Frame>
    );
  }

  const { order } = details.data;
  const forAdmin = viewer?.role === 'admin';
  // The customer's name and address on the order, for a guest; the account's, for someone signed in (as the payment page has it).
  const payer = payerOf(viewer ?? { name: order.cutomerName, email: order.email });
  const payment = !forAdmin && (isOpenUnpaid(order) || paid) ? <OrderPaymentPanel order={order} paid={paid} onPaid={paidNow} payer={payer} successAlone /> : undefined;
  return (
    <Frame>
      <OrderOverview details={details.data} forAdmin={forAdmin} back={backFor(viewer)} payment={payment} />
    </Frame>
  );
}
