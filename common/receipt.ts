import { accountContact } from './account-contact.ts';
import { cardDescription } from './card-brands.ts';
import type { Order } from './schemas/orders.ts';
import { shopIdentity } from './shop-identity.ts';

/**
 * A paid order's receipt, as the printed page and the PDF both show it: who the shop is, which
 * order, when it was paid, what was bought, the total and how it was paid. One model, so that the
 * two never say different things.
 */
export interface Receipt {
  shop: { name: string; postalAddress: readonly string[]; supportEmail: string };
  orderNumber: string;
  /** When the order was paid, in the shop's time: "March 1, 2026 at 1:05 AM PST". */
  date: string;
  /** `email` is how the account is shown: a phone account's number (accountContact). */
  billedTo: { name: string; email: string; adress: string; phone: string };
  lines: { description: string; quantity: number; unitPrice: number; amount: number }[];
  total: number;
  /** US dollars refunded so far (0 when none). */
  refunded: number;
  payment: { reference: string; card: string | undefined };
}

const receiptDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  timeZone: shopIdentity.timeZone,
});

/** The date of a receipt: the shop's local time, with its zone named, so that it reads the same wherever it is opened. */
export function receiptDate(iso: string): string {
  return receiptDateFormat.format(new Date(iso));
}

/** The receipt of a paid order; an order not paid has none. */
export function receiptOf(order: Order): Receipt | undefined {
  if (order.paymentStatus !== 'paid' || !order.paidAt || !order.transactionId) return undefined;
  return {
    shop: { name: shopIdentity.name, postalAddress: shopIdentity.postalAddress, supportEmail: shopIdentity.supportEmail },
    orderNumber: order.orderNumber,
    date: receiptDate(order.paidAt),
    billedTo: { name: order.cutomerName, email: accountContact(order.email), adress: order.adress, phone: order.phone },
    lines: [{ description: order.product, quantity: order.quantity, unitPrice: order.unitPrice, amount: order.price }],
    total: order.price,
    refunded: order.refundedAmount,
    payment: { reference: order.transactionId, card: cardDescription(order.cardBrand, order.cardLast4) },
  };
}

/** The name the receipt's PDF is saved under. */
export function receiptFileName(order: Pick<Order, 'orderNumber'>): string {
  return `${shopIdentity.shortName}-receipt-${order.orderNumber}.pdf`;
}
