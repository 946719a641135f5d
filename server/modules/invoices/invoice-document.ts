import { accountContact } from '../../../common/account-contact.ts';
import { lineDescription } from '../../../common/variants.ts';
import { dollarsToCents } from '../../../common/money.ts';
import { allocate, percentToPpm, taxInRefund } from '../../../common/order-pricing.ts';
import { addressLabel } from '../../../common/postal-addresses.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { Seller } from '../pricing/pricing-settings-repository.ts';

/**
 * What an invoice or a credit note says, fixed when it is issued (kept as JSON beside its number, the
 * PDF drawn from it): the seller and the buyer as they were, the lines, the tax per rate and the
 * totals, all in cents. Nothing read later (a renamed product, a new seller address) changes it.
 */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  number: string;
  issuedAt: string;
  orderNumber: string;
  /** A credit note: the invoice it corrects, when the order has one, and why. */
  refersTo?: string | undefined;
  reason?: string | undefined;
  seller: { name: string; address: string[]; taxNumber?: string | undefined };
  buyer: { name: string; email: string; address: string[]; company?: string | undefined; vatNumber?: string | undefined };
  lines: { description: string; quantity: number; unitPriceCents: number; discountCents: number; taxRatePpm: number; taxCents: number; amountCents: number }[];
  taxByRate: { ratePpm: number; taxableCents: number; taxCents: number }[];
  totals: { subtotalCents: number; shippingCents: number; discountCents: number; taxCents: number; totalCents: number; taxIncluded: boolean };
  /** How it was sent (Standard, Collect from the workshop), and the code it was placed with. */
  shippingMethod?: string | undefined;
  discountCode?: string | undefined;
  reverseCharge: boolean;
  paymentReference?: string | undefined;
}

function sellerOf(seller: Seller): InvoiceDocument['seller'] {
  return { name: seller.name, address: addressLabel(seller.address).slice(1), taxNumber: seller.taxNumber };
}

function buyerOf(order: Order): InvoiceDocument['buyer'] {
  const address = order.shippingAddress ? addressLabel(order.shippingAddress).slice(1) : [order.adress];
  return { name: order.shippingAddress?.name ?? order.cutomerName, email: accountContact(order.email), address, company: order.buyerCompany, vatNumber: order.buyerVatNumber };
}

const cents = dollarsToCents;

function taxByRateOf(order: Order): InvoiceDocument['taxByRate'] {
  return order.totals.taxByRate.map((rate) => ({ ratePpm: percentToPpm(rate.rate), taxableCents: cents(rate.taxable), taxCents: cents(rate.tax) }));
}

/** A paid order's invoice: every line with its discount and tax, the shipping as a line of its own, and the totals charged. */
export function invoiceDocument(order: Order, seller: Seller, issue: { number: string; issuedAt: string }): InvoiceDocument {
  const lines: InvoiceDocument['lines'] = order.lines.map((line) => ({
    description: lineDescription(line),
    quantity: line.quantity,
    unitPriceCents: cents(line.unitPrice),
    discountCents: cents(line.discount),
    taxRatePpm: percentToPpm(line.taxRate),
    taxCents: cents(line.tax),
    amountCents: cents(line.price) - cents(line.discount),
  }));
  return {
    kind: 'invoice',
    number: issue.number,
    issuedAt: issue.issuedAt,
    orderNumber: order.orderNumber,
    seller: sellerOf(seller),
    buyer: buyerOf(order),
    lines,
    taxByRate: taxByRateOf(order),
    totals: {
      subtotalCents: cents(order.totals.subtotal),
      shippingCents: cents(order.totals.shipping),
      discountCents: cents(order.totals.discount),
      taxCents: cents(order.totals.tax),
      totalCents: cents(order.totals.total),
      taxIncluded: order.totals.taxIncluded,
    },
    shippingMethod: order.shippingMethod?.name,
    discountCode: order.discountCode,
    reverseCharge: order.totals.reverseCharge,
    paymentReference: order.transactionId,
  };
}

/** What a refund gave back, for its credit note: the pieces of each line (a refund by line), and the amount. */
export interface RefundedAmount {
  amountCents: number;
  reason: string;
  pieces: readonly { lineId: string; quantity: number }[];
}

/**
 * A refund's credit note: the pieces it paid back, each line's share of the amount in proportion to
 * what its pieces cost (or one line for a refund by amount), the tax inside the amount per rate, and
 * the amount itself, which is what went back to the card.
 */
export function creditNoteDocument(
  order: Order,
  seller: Seller,
  refund: RefundedAmount,
  issue: { number: string; issuedAt: string; invoiceNumber: string | undefined },
): InvoiceDocument {
  const pieces = refund.pieces.flatMap((piece) => {
    const line = order.lines.find((candidate) => candidate.lineId === piece.lineId);
    return line ? [{ line, quantity: piece.quantity, weight: Math.round((cents(line.total) * piece.quantity) / line.quantity) }] : [];
  });
  const shares = allocate(
    refund.amountCents,
    pieces.map((piece) => piece.weight),
  );
  const lines: InvoiceDocument['lines'] =
    pieces.length > 0
      ? pieces.map((piece, index) => ({
          description: lineDescription(piece.line),
          quantity: piece.quantity,
          unitPriceCents: cents(piece.line.unitPrice),
          discountCents: 0,
          taxRatePpm: percentToPpm(piece.line.taxRate),
          taxCents: 0,
          amountCents: shares[index]!,
        }))
      : [
          {
            description: `Refund of order ${order.orderNumber}`,
            quantity: 1,
            unitPriceCents: refund.amountCents,
            discountCents: 0,
            taxRatePpm: 0,
            taxCents: 0,
            amountCents: refund.amountCents,
          },
        ];
  const taxByRate = taxInRefund(refund.amountCents, { totalCents: cents(order.totals.total), taxByRate: taxByRateOf(order), taxIncluded: order.totals.taxIncluded });
  const taxCents = taxByRate.reduce((sum, rate) => sum + rate.taxCents, 0);
  return {
    kind: 'credit-note',
    number: issue.number,
    issuedAt: issue.issuedAt,
    orderNumber: order.orderNumber,
    refersTo: issue.invoiceNumber,
    reason: refund.reason,
    seller: sellerOf(seller),
    buyer: buyerOf(order),
    lines,
    taxByRate,
    totals: { subtotalCents: refund.amountCents, shippingCents: 0, discountCents: 0, taxCents, totalCents: refund.amountCents, taxIncluded: true },
    reverseCharge: order.totals.reverseCharge,
    paymentReference: order.transactionId,
  };
}
