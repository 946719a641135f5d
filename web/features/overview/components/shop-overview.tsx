import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useOverview } from '../api/overview-query.ts';
import { SalesChart } from './sales-chart.tsx';

const statusCards = [
  { key: 'notPaid', label: 'Not Paid' },
  { key: 'pending', label: 'To ship' },
  { key: 'shipped', label: 'Shipped' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'cancelled', label: 'Cancelled' },
] as const;

/** The admin's overview: sales over the last 30 days, orders by status, and stock running low. */
export function ShopOverview() {
  const overview = useOverview();
  if (overview.isPending) return <div className="skeleton h-96 w-full rounded-xl" aria-label="Loading the overview" />;
  if (overview.isError) return <ErrorState title="We could not load the overview" error={overview.error} onRetry={() => void overview.refetch()} />;
  const { days, ordersByStatus, lowStock } = overview.data;
  const revenue = days.reduce((sum, day) => sum + day.revenue, 0);
  const refunded = days.reduce((sum, day) => sum + day.refunded, 0);
  const paidOrders = days.reduce((sum, day) => sum + day.paidOrders, 0);

  return (
    <section aria-labelledby="overview-title" className="space-y-6">
      <h2 id="overview-title" className="font-display text-2xl font-semibold text-stone-900">
        Overview
      </h2>
      <div className="rounded-xl border border-base-300 bg-base-100 p-6">
        <div className="mb-4 flex flex-wrap gap-x-10 gap-y-2">
          <p>
            <span className="block text-sm text-stone-600">Revenue, last 30 days</span>
            <span className="text-2xl font-semibold text-stone-900">{formatUsd(revenue - refunded)}</span>
            <span className="block text-xs text-stone-600">
              net: {formatUsd(revenue)} paid, {formatUsd(refunded)} refunded
            </span>
          </p>
          <p>
            <span className="block text-sm text-stone-600">Paid orders, last 30 days</span>
            <span className="text-2xl font-semibold text-stone-900">{paidOrders}</span>
          </p>
          <p>
            <span className="block text-sm text-stone-600">Orders to ship</span>
            <span className="text-2xl font-semibold text-stone-900">{ordersByStatus.pending}</span>
          </p>
        </div>
        <SalesChart days={days} />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="rounded-xl border border-base-300 bg-base-100 p-6">
          <h3 className="font-semibold text-stone-900">Orders by status</h3>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {statusCards.map((card) => (
              <div key={card.key} className="rounded-lg bg-base-200 px-3 py-3 text-center">
                <dt className="text-xs text-stone-600">{card.label}</dt>
                <dd className="mt-1 text-xl font-semibold text-stone-900">{ordersByStatus[card.key]}</dd>
              </div>
            ))}
          </dl>
          <Link to="/dashboard/manageorder" className="link link-primary mt-4 inline-block text-sm">
            Manage orders
          </Link>
        </div>
        <div className="rounded-xl border border-base-300 bg-base-100 p-6">
          <h3 className="font-semibold text-stone-900">Low in stock</h3>
          {lowStock.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">Every product has plenty in stock.</p>
          ) : (
            <ul className="mt-4 divide-y divide-base-300 text-sm" aria-label="Products low in stock">
              {lowStock.map((product) => (
                <li key={product._id} className="flex justify-between gap-3 py-2">
                  <span className="text-stone-900">{product.name}</span>
                  <span className="shrink-0 text-right text-stone-600">
                    {product.availQuantity} left (min. order {product.minQuantity})
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/dashboard/manageproducts" className="link link-primary mt-4 inline-block text-sm">
            Manage products
          </Link>
        </div>
      </div>
    </section>
  );
}
