import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import type { Checkout } from '../../../../common/schemas/checkouts.ts';
import { CartThumbnail } from './cart-thumbnail.tsx';

/** After the one payment: the one order number, and every line paid. */
export function PaidCheckout({ checkout }: { checkout: Checkout }) {
  return (
    <div role="status" className="space-y-6 rounded-xl border border-success/40 bg-success/5 p-6 sm:p-8">
      <div className="space-y-2">
        <p className="text-xl font-semibold text-stone-900">Congrats! Your payment is completed.</p>
        <p className="text-stone-700">
          Your order number is <strong className="font-semibold text-stone-900">{checkout.orderNumber}</strong>: {checkout.lines.length} tools, {formatUsd(checkout.total)} in
          all, to {checkout.address}.
        </p>
        <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
          Transaction id: <span className="font-mono">{checkout.transactionId}</span>
        </p>
      </div>
      <ul aria-label="Paid tools" className="divide-y divide-base-300 rounded-lg border border-base-300 bg-base-100">
        {checkout.lines.map((line) => (
          <li key={line.line} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-3">
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <CartThumbnail img={line.img} name={line.product} className="h-12 w-16" />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-stone-900">{line.product}</p>
                <p className="text-stone-600">
                  {line.quantity} × {formatUsd(line.unitPrice)} = {formatUsd(line.price)}
                </p>
              </div>
            </div>
            <div className="flex items-center gap-2 pl-[4.75rem] sm:pl-0">
              <span className="badge badge-success whitespace-nowrap">Paid</span>
              {line.orderId && (
                <Link to={`/dashboard/orders/${line.orderId}`} className="btn btn-ghost btn-sm">
                  Details<span className="sr-only"> of {line.product}</span>
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Link to="/dashboard/myorders" className="btn btn-primary">
          Go to My Orders
        </Link>
        <Link to="/products" className="btn btn-outline">
          Keep shopping
        </Link>
      </div>
    </div>
  );
}
