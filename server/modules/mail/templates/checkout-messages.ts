import type { Checkout } from '../../../../common/schemas/checkouts.ts';
import type { EmailContent, OrderSummary } from './email-content.ts';

/** A paid checkout as a message's order table: every line under the one order number. */
function summaryOfCheckout(checkout: Checkout): OrderSummary {
  return {
    reference: checkout.orderNumber ?? '',
    lines: checkout.lines.map((line) => ({ name: line.product, quantity: line.quantity, unitPrice: line.unitPrice, total: line.price })),
    total: checkout.total,
  };
}

/** The receipt of a checkout: one payment for a whole cart (ADR 018), one message for it. */
export function checkoutReceipt({ checkout, ordersUrl }: { checkout: Checkout; ordersUrl: string }): EmailContent {
  return {
    subject: `Receipt for your Joinery order ${checkout.orderNumber ?? ''}`,
    preview: 'Payment received: we are getting your tools ready.',
    heading: 'Payment received',
    paragraphs: [
      `Hello ${checkout.customerName},`,
      `We received your payment${checkout.transactionId ? ` (reference ${checkout.transactionId})` : ''} for the ${checkout.lines.length} tools below. We will let you know as each is on its way.`,
    ],
    order: summaryOfCheckout(checkout),
    action: { label: 'See my orders', url: ordersUrl },
    footnote: `It will be shipped to: ${checkout.address}`,
  };
}

/** To the shop: a checkout was paid, its lines ready to pack. */
export function newPaidCheckout({ checkout, manageUrl }: { checkout: Checkout; manageUrl: string }): EmailContent {
  return {
    subject: `New paid order ${checkout.orderNumber ?? ''} from ${checkout.customerName}`,
    preview: `${checkout.lines.length} tools, to ship.`,
    heading: 'A new order to ship',
    paragraphs: [`${checkout.customerName} (${checkout.email}) paid for ${checkout.lines.length} tools at once.`, `Ship to: ${checkout.address}`, `Phone: ${checkout.phone}`],
    order: summaryOfCheckout(checkout),
    action: { label: 'Open Manage Orders', url: manageUrl },
  };
}
