import { ShippingLabel } from '../../../features/addresses/components/shipping-label.tsx';
import { accountContact } from '../../../../common/account-contact.ts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { cardDescription } from '../../../../common/card-brands.ts';
import { formatUsd } from '../../../../common/money.ts';
import { receiptFileName, receiptOf } from '../../../../common/receipt.ts';
import type { OrderDetails } from '../../../../common/schemas/order-details.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { receiptPdfPath, useOrderDetails } from '../../../features/orders/api/order-queries.ts';
import { AdminOrderActions } from '../../../features/orders/components/admin-order-actions.tsx';
import { OrderStageBadge } from '../../../features/orders/components/order-stage-badge.tsx';
import { OrderTimeline } from '../../../features/orders/components/order-timeline.tsx';
import { PrintableReceipt } from '../../../features/orders/components/printable-receipt.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { countOf, pieces } from '../../../../common/plurals.ts';
import { OrderLinesTable } from '../../../features/orders/components/order-lines-table.tsx';
import { itemsInWords, OrderShipments } from '../../../features/orders/components/order-shipments.tsx';
import { OrderTotalsList, Row } from '../../../features/orders/components/order-totals.tsx';

/** Back to the list this person reached the order from: their own orders, or the shop's. */
function BackLink({ forAdmin }: { forAdmin: boolean }) {
  return (
    <Link to={forAdmin ? '/dashboard/manageorder' : '/dashboard/myorders'} className="link link-hover inline-flex items-center gap-1 text-sm font-medium text-primary print:hidden">
      <span aria-hidden="true">←</span> {forAdmin ? 'Manage Orders' : 'My Orders'}
    </Link>
  );
}

function Card({ title, id, className = '', children }: { title: string; id: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wider text-stone-600">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function OrderDetail({ details, forAdmin }: { details: OrderDetails; forAdmin: boolean }) {
  const { order } = details;
  const receipt = receiptOf(order);
  const card = cardDescription(order.cardBrand, order.cardLast4);
  return (
    <div className="space-y-6">
      <PageMeta title={`Order ${order.orderNumber}`} />
      <header className="space-y-3">
        <BackLink forAdmin={forAdmin} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">Order {order.orderNumber}</h1>
          <OrderStageBadge order={order} />
        </div>
        <p className="text-stone-600">
          Placed <time dateTime={order.createdAt}>{dateTime.format(new Date(order.createdAt))}</time>
          {forAdmin && (
            <>
              {' '}
              by {order.cutomerName} <span className="[overflow-wrap:anywhere]">({accountContact(order.email)})</span>
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2 print:hidden">
          {receipt && (
            <>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
                Print receipt
              </button>
              <a href={receiptPdfPath(order._id)} download={receiptFileName(order)} className="btn btn-outline btn-sm">
                Download PDF
              </a>
            </>
          )}
          {order.stage === 'unpaid' && !forAdmin && (
            <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-sm">
              Pay for this order
            </Link>
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Card title="Items" id="order-items">
            <p className="mb-2 text-sm text-stone-600">
              {countOf(order.lines.length, 'tool')}, {pieces(order.quantity)}
            </p>
            <OrderLinesTable lines={order.lines} />
            <div className="mt-3 border-t border-base-300 pt-3">
              <OrderTotalsList totals={order.totals} refunded={order.refundedAmount} />
            </div>
          </Card>

          {details.shipments.length > 0 && (
            <Card title="Shipments" id="order-shipments">
              <OrderShipments shipments={details.shipments} />
            </Card>
          )}

          <div className="grid gap-6 md:grid-cols-2">
            <Card title="Shipping to" id="order-shipping">
              <ShippingLabel address={order.shippingAddress} typed={order.adress} customerName={order.cutomerName} forAdmin={forAdmin} />
              <p className="mt-3 text-sm text-stone-600">
                Phone{' '}
                <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="link link-hover text-stone-900">
                  {order.phone}
                </a>
              </p>
            </Card>

            <Card title="Payment" id="order-payment">
              {order.paymentStatus === 'paid' ? (
                <dl className="space-y-2 text-sm">
                  {card && <Row label="Card">{card}</Row>}
                  {order.paidAt && <Row label="Paid">{dateTime.format(new Date(order.paidAt))}</Row>}
                  <div>
                    <dt className="text-stone-600">Transaction id</dt>
                    <dd className="mt-0.5 font-mono text-xs text-stone-900 [overflow-wrap:anywhere]">{order.transactionId}</dd>
                  </div>
                </dl>
              ) : (
                <p className="text-sm text-stone-700">{order.stage === 'unpaid' ? 'Not paid yet.' : 'Never paid.'}</p>
              )}
            </Card>
          </div>

          {details.refunds.length > 0 && (
            <Card title="Refunds" id="order-refunds">
              <ul className="divide-y divide-base-300 text-sm">
                {details.refunds.map((refund) => (
                  <li key={refund.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 first:pt-0 last:pb-0">
                    <span className="min-w-0 text-stone-900 [overflow-wrap:anywhere]">
                      {refund.reason}
                      {refund.lines && <span className="block text-stone-600">{itemsInWords(refund.lines)}</span>}
                    </span>
                    <span className="font-medium text-stone-900">
                      {formatUsd(refund.amount)}
                      {refund.pending && <span className="ml-2 badge badge-warning badge-sm">Waiting for the card processor</span>}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          )}

          {forAdmin && <AdminOrderActions details={details} />}
        </div>

        <Card title="Timeline" id="order-timeline" className="lg:self-start">
          <OrderTimeline entries={details.timeline} forAdmin={forAdmin} />
        </Card>
      </div>
      {receipt && <PrintableReceipt receipt={receipt} />}
    </div>
  );
}

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
        <BackLink forAdmin={forAdmin} />
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
  return <OrderDetail details={details.data} forAdmin={forAdmin} />;
}
