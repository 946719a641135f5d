import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { accountContact } from '../../../../common/account-contact.ts';
import { cardDescription } from '../../../../common/card-brands.ts';
import { formatUsd } from '../../../../common/money.ts';
import { countOf, pieces } from '../../../../common/plurals.ts';
import { receiptFileName, receiptOf } from '../../../../common/receipt.ts';
import type { OrderDetails } from '../../../../common/schemas/order-details.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { ShippingLabel } from '../../addresses/components/shipping-label.tsx';
import { receiptPdfPath } from '../api/order-queries.ts';
import { orderKeyOf } from '../order-keys.ts';
import { AdminOrderActions } from './admin-order-actions.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { creditNotePath, DocumentDownload, documentFileName, invoicePath } from './document-download.tsx';
import { OrderLinesTable } from './order-lines-table.tsx';
import type { BackTo } from './order-payment-panel.tsx';
import { itemsInWords, OrderShipments } from './order-shipments.tsx';
import { OrderStageBadge } from './order-stage-badge.tsx';
import { isOpenUnpaid } from './order-status.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { OrderTotalsList, orderTotalsOf, Row } from './order-totals.tsx';
import { TermsAcceptedLine } from '../../shop-pages/components/terms-accepted.tsx';
import { PrintableReceipt } from './printable-receipt.tsx';

/** Back to where this person reached the order from: their own orders, the shop's, or (a guest's) the catalogue. */
export function OrderBackLink({ back }: { back: BackTo }) {
  return (
    <Link to={back.to} className="link link-hover inline-flex items-center gap-1 text-sm font-medium text-primary print:hidden">
      <span aria-hidden="true">←</span> {back.label}
    </Link>
  );
}

export function OrderCard({ title, id, className = '', children }: { title: string; id: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wider text-stone-600">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Phone({ phone }: { phone: string }) {
  return (
    <p className="mt-3 text-sm text-stone-600">
      Phone{' '}
      <a href={telHref(phone)} className="link link-hover text-stone-900">
        {phone}
      </a>
    </p>
  );
}

/** How the order reaches its customer: collected at the workshop (where), or sent to their address by a rate. */
function Delivery({ order, forAdmin }: { order: Order; forAdmin: boolean }) {
  const method = order.shippingMethod;
  if (method?.kind === 'pickup') {
    return (
      <OrderCard title="Collecting" id="order-shipping">
        <div className="space-y-3 text-sm text-stone-900">
          <div className="rounded-lg border border-dashed border-stone-400 px-4 py-3">
            <p className="font-medium">{method.name}</p>
            {method.address && <p className="whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">{method.address}</p>}
          </div>
        </div>
        <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-stone-600">Billing address</p>
        <div className="mt-2">
          <ShippingLabel address={order.shippingAddress} typed={order.adress} customerName={order.cutomerName} forAdmin={false} />
        </div>
        <Phone phone={order.phone} />
      </OrderCard>
    );
  }
  return (
    <OrderCard title="Shipping to" id="order-shipping">
      <ShippingLabel address={order.shippingAddress} typed={order.adress} customerName={order.cutomerName} forAdmin={forAdmin} />
      {method && (
        <p className="mt-3 text-sm text-stone-600">
          Sent by <span className="text-stone-900">{method.name}</span>
        </p>
      )}
      <Phone phone={order.phone} />
    </OrderCard>
  );
}

/** How it was paid, and what the customer's documents say: the card, the invoice's number, the code, a business buyer's details. */
function Payment({ order }: { order: Order }) {
  const card = cardDescription(order.cardBrand, order.cardLast4);
  const business = (
    <>
      {order.buyerCompany && <Row label="Company">{order.buyerCompany}</Row>}
      {order.buyerVatNumber && <Row label="VAT number">{order.buyerVatNumber}</Row>}
      {order.discountCode && <Row label="Discount code">{order.discountCode}</Row>}
    </>
  );
  if (order.paymentStatus !== 'paid') {
    return (
      <OrderCard title="Payment" id="order-payment">
        <p className="text-sm text-stone-700">{order.stage === 'unpaid' ? 'Not paid yet.' : 'Never paid.'}</p>
        {Boolean(order.buyerCompany ?? order.buyerVatNumber ?? order.discountCode) && <dl className="mt-3 space-y-2 text-sm">{business}</dl>}
      </OrderCard>
    );
  }
  return (
    <OrderCard title="Payment" id="order-payment">
      <dl className="space-y-2 text-sm">
        {card && <Row label="Card">{card}</Row>}
        {order.paidAt && <Row label="Paid">{dateTime.format(new Date(order.paidAt))}</Row>}
        {order.invoiceNumber && (
          <Row label="Invoice">
            <span className="font-mono text-xs">{order.invoiceNumber}</span>
          </Row>
        )}
        {business}
        <div>
          <dt className="text-stone-600">Transaction id</dt>
          <dd className="mt-0.5 font-mono text-xs text-stone-900 [overflow-wrap:anywhere]">{order.transactionId}</dd>
        </div>
      </dl>
    </OrderCard>
  );
}

function Refunds({ details }: { details: OrderDetails }) {
  const { order } = details;
  return (
    <OrderCard title="Refunds" id="order-refunds">
      <ul className="divide-y divide-base-300 text-sm">
        {details.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 first:pt-0 last:pb-0">
            <span className="min-w-0 text-stone-900 [overflow-wrap:anywhere]">
              {refund.reason}
              {refund.lines && <span className="block text-stone-600">{itemsInWords(refund.lines)}</span>}
              {refund.creditNoteNumber && (
                <DocumentDownload
                  orderId={order._id}
                  path={creditNotePath(refund.id)}
                  fileName={documentFileName(refund.creditNoteNumber)}
                  className="link link-primary mt-1 inline-flex items-center gap-1 text-sm print:hidden"
                >
                  Credit note {refund.creditNoteNumber}
                </DocumentDownload>
              )}
            </span>
            <span className="font-medium text-stone-900">
              {formatUsd(refund.amount)}
              {refund.pending && <span className="ml-2 badge badge-warning badge-sm">Waiting for the card processor</span>}
            </span>
          </li>
        ))}
      </ul>
    </OrderCard>
  );
}

/** The receipt as a PDF: a plain link for a signed-in customer (the cookie goes with it); fetched with the key for a guest. */
function ReceiptPdf({ order }: { order: Order }) {
  if (orderKeyOf(order._id)) {
    return (
      <DocumentDownload orderId={order._id} path={receiptPdfPath(order._id)} fileName={receiptFileName(order)} plain>
        Download PDF
      </DocumentDownload>
    );
  }
  return (
    <a href={receiptPdfPath(order._id)} download={receiptFileName(order)} className="btn btn-outline btn-sm">
      Download PDF
    </a>
  );
}

/** The id of the payment form's section on an order's own page. */
const payOnPageId = 'order-pay';

interface OrderOverviewProps {
  details: OrderDetails;
  /** The admin's view: who placed it, the label's copy button, and the admin actions. */
  forAdmin: boolean;
  back: BackTo;
  /**
   * The payment form, for an order paid on its own page (a guest's): shown under the items while it
   * is given. Without it, an unpaid order leads to the payment page.
   */
  payment?: ReactNode;
  /** The admin's view: the staff's notes panel, under the admin actions. */
  notes?: ReactNode;
  /** The order's returns: its customer's, with Return items, or the admin's Returns panel (a signed-in reader's page only). */
  returns?: ReactNode;
}

/**
 * One order as its customer (or the shop's admin) reads it: its number and stage, what to do with it
 * (print or download the receipt and the invoice once paid; pay or cancel it while unpaid), its lines
 * and how the total is made, how it reaches them, the payment, any refunds with their credit notes,
 * and the timeline. The customer's order page and a guest's both show it.
 */
export function OrderOverview({ details, forAdmin, back, payment, notes, returns }: OrderOverviewProps) {
  const { order } = details;
  const receipt = receiptOf(order);
  const unpaid = isOpenUnpaid(order);
  return (
    <div className="space-y-6">
      <PageMeta title={`Order ${order.orderNumber}`} />
      <header className="space-y-3">
        <OrderBackLink back={back} />
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
              {order.guest && ' as a guest'}
            </>
          )}
        </p>
        {forAdmin && details.termsAccepted && <TermsAcceptedLine terms={details.termsAccepted} />}
        <div className="flex flex-wrap gap-2 print:hidden">
          {receipt && (
            <>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
                Print receipt
              </button>
              <ReceiptPdf order={order} />
            </>
          )}
          {order.paymentStatus === 'paid' && order.invoiceNumber && (
            <DocumentDownload orderId={order._id} path={invoicePath(order._id)} fileName={documentFileName(order.invoiceNumber)}>
              Invoice {order.invoiceNumber}
            </DocumentDownload>
          )}
          {unpaid && !forAdmin && !payment && (
            <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-sm">
              Pay for this order
            </Link>
          )}
          {unpaid && !forAdmin && payment && !order.unpayable && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => document.getElementById(payOnPageId)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
              Pay for this order
            </button>
          )}
          {/* Out of stock, the payment form says why and offers Cancel itself. */}
          {unpaid && !forAdmin && !(payment && order.unpayable) && (
            <CancelOrderButton order={order} className={order.unpayable ? 'btn-outline btn-error' : 'btn-ghost text-error'} />
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <OrderCard title="Items" id="order-items">
            <p className="mb-2 text-sm text-stone-600">
              {countOf(order.lines.length, 'tool')}, {pieces(order.quantity)}
            </p>
            <OrderLinesTable lines={order.lines} discountCode={order.discountCode} />
            <div className="mt-3 border-t border-base-300 pt-3">
              <OrderTotalsList {...orderTotalsOf(order)} />
            </div>
          </OrderCard>

          {payment && (
            <section id={payOnPageId} aria-labelledby="order-pay-title" className="scroll-mt-24 rounded-xl border border-primary/30 bg-base-100 p-5 sm:p-6">
              <h2 id="order-pay-title" className="text-sm font-semibold uppercase tracking-wider text-stone-600">
                {order.paymentStatus === 'paid' ? 'Order paid' : 'Pay for this order'}
              </h2>
              <div className="mt-4">{payment}</div>
            </section>
          )}

          {details.shipments.length > 0 && (
            <OrderCard title="Shipments" id="order-shipments">
              <OrderShipments shipments={details.shipments} />
            </OrderCard>
          )}

          <div className="grid gap-6 md:grid-cols-2">
            <Delivery order={order} forAdmin={forAdmin} />
            <Payment order={order} />
          </div>

          {details.refunds.length > 0 && <Refunds details={details} />}

          {returns}

          {forAdmin && <AdminOrderActions details={details} />}

          {forAdmin && notes}
        </div>

        <OrderCard title="Timeline" id="order-timeline" className="lg:self-start">
          <OrderTimeline entries={details.timeline} forAdmin={forAdmin} />
        </OrderCard>
      </div>
      {receipt && <PrintableReceipt receipt={receipt} />}
    </div>
  );
}
