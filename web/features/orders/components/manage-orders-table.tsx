import { accountContact } from '../../../../common/account-contact.ts';
import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { DeliverOrderButton } from './deliver-order-button.tsx';
import { OrderLinesSummary } from './order-lines-summary.tsx';
import { OrderStatusBadge, RefundBadge, orderDate } from './order-status.tsx';
import { ShipOrderButton } from './ship-order-button.tsx';
import { TrackingDetails } from './tracking-details.tsx';
import { pieces } from '../../../../common/plurals.ts';

/** The one next step an admin takes with an order at its stage, if any. */
function NextStep({ order }: { order: Order }) {
  switch (order.stage) {
    case 'unpaid':
      return <CancelOrderButton order={order} byAdmin />;
    case 'to-ship':
    case 'partly-shipped':
      return <ShipOrderButton order={order} />;
    case 'shipped':
      return <DeliverOrderButton order={order} />;
    default:
      return null;
  }
}

const headings = ['Order', 'Customer', 'Ship to', 'Items', 'Status'].map((label) => ({ label }));

/**
 * Manage Orders' orders: a table on a wide screen, stacked cards on a phone, one row per order with
 * its lines inside, each with every detail needed to ship it and its next step in reach.
 */
export function ManageOrdersTable({ orders }: { orders: Order[] }) {
  return (
    <StackingTable caption="Orders, newest first" headings={[...headings, { label: 'Action', className: 'text-right' }]}>
      {orders.map((order) => (
        <StackingRow key={order._id}>
          <StackingCell heading="Order">
            <Link to={`/dashboard/orders/${order._id}`} className="link link-primary font-semibold whitespace-nowrap" aria-label={`Order ${order.orderNumber}`}>
              {order.orderNumber}
            </Link>
            <p className="text-sm text-stone-600 whitespace-nowrap">{orderDate(order)}</p>
          </StackingCell>
          <StackingCell heading="Customer">
            <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{order.cutomerName}</p>
            <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{accountContact(order.email)}</p>
            <p className="text-sm text-stone-600 whitespace-nowrap">
              <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="link link-hover">
                {order.phone}
              </a>
            </p>
          </StackingCell>
          <StackingCell heading="Ship to" className="lg:max-w-52">
            <p className="text-sm whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{order.adress}</p>
          </StackingCell>
          {/* The lines take the card's whole width on a phone: their names are the longest text in it. */}
          <StackingCell heading="Items" className="col-span-full">
            <OrderLinesSummary lines={order.lines} label={`Items of order ${order.orderNumber}`} />
            <p className="mt-2 text-sm text-stone-600 whitespace-nowrap">
              {pieces(order.quantity)} · <span className="font-medium text-stone-900">{formatUsd(order.totals.total)}</span>
            </p>
          </StackingCell>
          <StackingCell heading="Status">
            <div className="flex flex-wrap gap-1">
              <OrderStatusBadge order={order} />
              {/* The spec's shipping badge reads Pending until every piece has gone; this says some already have. */}
              {order.stage === 'partly-shipped' && <span className="badge badge-info badge-outline whitespace-nowrap">Partly shipped</span>}
              <RefundBadge order={order} />
            </div>
            <TrackingDetails order={order} className="mt-1" />
          </StackingCell>
          <StackingCell action>
            <NextStep order={order} />
          </StackingCell>
        </StackingRow>
      ))}
    </StackingTable>
  );
}
