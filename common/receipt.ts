import { accountContact } from './account-contact.ts';
import { lineDescription } from './variants.ts';
import { cardDescription } from './card-brands.ts';
import { formatUsd } from './money.ts';
import type { Order } from './schemas/orders.ts';
import { shopIdentity } from './shop-identity.ts';

/**
 * A paid order's receipt, as the printed page and the PDF both show it: who the shop is, which
 * order, when it was paid, what was bought (a line per tool), how the total is made and how it was
 * paid. One model, so that the two never say different things.
 */
export interface Receipt {
  shop: { name: string; postalAddress: readonly string[]; supportEmail: string };
  orderNumber: string;
  /** When the order was paid, in the shop's time: "March 1, 2026 at 1:05 AM PST". */
  date: string;
  /** `email` is how the account is shown: a phone account's number (accountContact). */
  billedTo: { name: string; email: string; adress: string; phone: string };
  lines: { description: string; quantity: number; unitPrice: number; amount: number }[];
  /** US dollars: the lines' subtotal, shipping, discount (0 when none), tax and the total charged. */
  totals: { subtotal: number; shipping: number; discount: number; tax: number; total: number };
  /** How it was sent (the rate's name), and the code it was placed with. */
  shippingMethod?: string | undefined;
  discountCode?: string | undefined;
  /** The tax per rate; included in the prices (EU style) or added to them. */
  taxByRate: { rate: number; taxable: number; tax: number }[];
  taxIncluded: boolean;
  reverseCharge: boolean;
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
    lines: order.lines.map((line) => ({
      description: lineDescription(line),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.price,
    })),
    totals: { subtotal: order.totals.subtotal, shipping: order.totals.shipping, discount: order.totals.discount, tax: order.totals.tax, total: order.totals.total },
    shippingMethod: order.shippingMethod?.name,
    discountCode: order.discountCode,
    taxByRate: order.totals.taxByRate,
    taxIncluded: order.totals.taxIncluded,
    reverseCharge: order.totals.reverseCharge,
    refunded: order.refundedAmount,
    payment: { reference: order.transactionId, card: cardDescription(order.cardBrand, order.cardLast4) },
  };
}

/** A row under the receipt's lines: a label and its figure; the total and the net paid stand out. */
export interface ReceiptSum {
  label: string;
  figure: string;
  emphasis?: 'total' | 'net';
}

/** A tax rate as receipts name it: "7.25%". */
export function ratePercent(rate: number): string {
  return `${Number(rate.toFixed(4))}%`;
}

/**
 * The rows under the receipt's lines, in order, worded once for the printed page, the PDF, the e-mails
 * and the invoice: subtotal, shipping by the way it went ("Free" when nothing), the discount with its
 * code when there is one, then tax per rate added to the total (or, where the prices include it, after
 * the total as what it includes), and the total paid; then, once anything was refunded, how much and
 * what was paid in the end.
 */
export function receiptSums(receipt: Pick<Receipt, 'totals' | 'refunded' | 'shippingMethod' | 'discountCode' | 'taxByRate' | 'taxIncluded' | 'reverseCharge'>): ReceiptSum[] {
  const { totals, refunded } = receipt;
  const taxRows = receipt.taxByRate.length > 0 ? receipt.taxByRate.map((rate) => ({ rate: ratePercent(rate.rate), tax: rate.tax })) : [{ rate: '', tax: totals.tax }];
  const taxLabel = (rate: string) => (rate ? `Tax ${rate}` : 'Tax');
  return [
    { label: 'Subtotal', figure: formatUsd(totals.subtotal) },
    { label: receipt.shippingMethod ? `Shipping (${receipt.shippingMethod})` : 'Shipping', figure: totals.shipping === 0 ? 'Free' : formatUsd(totals.shipping) },
    ...(totals.discount > 0 ? [{ label: receipt.discountCode ? `Discount (${receipt.discountCode})` : 'Discount', figure: `-${formatUsd(totals.discount)}` }] : []),
    ...(receipt.reverseCharge ? [{ label: 'VAT (reverse charge)', figure: formatUsd(0) }] : []),
    ...(receipt.taxIncluded || receipt.reverseCharge ? [] : taxRows.map((row) => ({ label: taxLabel(row.rate), figure: formatUsd(row.tax) }))),
    { label: 'Total paid', figure: formatUsd(totals.total), emphasis: 'total' as const },
    ...(receipt.taxIncluded && !receipt.reverseCharge ? taxRows.map((row) => ({ label: `Includes ${taxLabel(row.rate).toLowerCase()}`, figure: formatUsd(row.tax) })) : []),
    ...(refunded > 0
      ? [
          { label: 'Refunded', figure: `-${formatUsd(refunded)}` },
          { label: 'Net paid', figure: formatUsd(totals.total - refunded), emphasis: 'net' as const },
        ]
      : []),
  ];
}

/** The name the receipt's PDF is saved under. */
export function receiptFileName(order: Pick<Order, 'orderNumber'>): string {
  return `${shopIdentity.shortName}-receipt-${order.orderNumber}.pdf`;
}
