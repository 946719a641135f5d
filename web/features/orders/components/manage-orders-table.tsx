import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { DeliverOrderButton } from './deliver-order-button.tsx';
import { OrderStatusBadge, RefundBadge, orderDate } from './order-status.tsx';
import { ShipOrderButton } from './ship-order-button.tsx';
import { TrackingDetails } from './tracking-details.tsx';

/** The one next step an admin takes with an order at its stage, if any. */
function NextStep({ order }: { order: Order }) {
  switch (order.stage) {
    case 'unpaid':
      return <CancelOrderButton order={order} byAdmin />;
    case 'to-ship':
      return <ShipOrderButton order={order} />;
    case 'shipped':
      return <DeliverOrderButton order={order} />;
    default:
      return null;
  }
}

/**
 * A cell of the table. On a narrow screen the rows become stacked cards and the column headings are
 * out of sight, so each cell shows its own small heading there.
 */
function Cell({ heading, className = '', children }: { heading: string; className?: string; children: ReactNode }) {
  return (
    <td role="cell" className={`block px-0 py-1.5 align-top lg:table-cell lg:px-3 lg:py-3 ${className}`}>
      <span className="block text-xs font-semibold uppercase tracking-wide text-stone-500 lg:hidden" aria-hidden="true">
        {heading}
      </span>
      {children}
    </td>
  );
}

const headings = ['Order', 'Customer', 'Ship to', 'Items', 'Status'] as const;

/**
 * Manage Orders' orders: a table on a wide screen, stacked cards on a phone, each with every detail
 * needed to ship it and its next step in reach. The roles are spelled out so that the table stays a
 * table to assistive technology whichever way it is laid out.
 */
export function ManageOrdersTable({ orders }: { orders: Order[] }) {
  return (
    <table role="table" className="table block w-full lg:table lg:rounded-xl lg:border lg:border-base-300 lg:bg-base-100">
      <caption className="sr-only">Orders, newest first</caption>
      <thead role="rowgroup" className="sr-only lg:not-sr-only lg:table-header-group">
        <tr role="row">
          {headings.map((heading) => (
            <th key={heading} role="columnheader" scope="col" className="lg:px-3">
              {heading}
            </th>
          ))}
          <th role="columnheader" scope="col" className="text-right lg:px-3">
            Action
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="block space-y-3 lg:table-row-group lg:space-y-0">
        {orders.map((order) => (
          <tr
            key={order._id}
            role="row"
            className="grid grid-cols-1 gap-x-6 rounded-xl border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:p-0"
          >
            <Cell heading="Order">
              <Link to={`/dashboard/orders/${order._id}`} className="link link-primary font-semibold whitespace-nowrap" aria-label={`Order ${order.orderNumber}`}>
                {order.orderNumber}
              </Link>
              <p className="text-sm text-stone-600 whitespace-nowrap">{orderDate(order)}</p>
            </Cell>
            <Cell heading="Customer" className="min-w-0">
              <p className="font-medium text-stone-900">{order.cutomerName}</p>
              <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{order.email}</p>
              <p className="text-sm text-stone-600 whitespace-nowrap">
                <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="link link-hover">
                  {order.phone}
                </a>
              </p>
            </Cell>
            <Cell heading="Ship to" className="min-w-0 lg:max-w-52">
              <p className="text-sm whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{order.adress}</p>
            </Cell>
            <Cell heading="Items">
              <p className="text-stone-900">{order.product}</p>
              <p className="text-sm text-stone-600 whitespace-nowrap">
                {order.quantity} pcs · <span className="font-medium text-stone-900">{formatUsd(order.price)}</span>
              </p>
            </Cell>
            <Cell heading="Status">
              <div className="flex flex-wrap gap-1">
                <OrderStatusBadge order={order} />
                <RefundBadge order={order} />
              </div>
              <TrackingDetails order={order} className="mt-1" />
            </Cell>
            {/* Aligned by its flex box, not text-align, which the dialogs inside would inherit. */}
            <td role="cell" className="block px-0 pt-3 sm:col-span-2 lg:table-cell lg:px-3 lg:py-3 lg:align-top">
              <div className="flex justify-end">
                <NextStep order={order} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
