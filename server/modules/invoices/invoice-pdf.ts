import { formatUsd } from '../../../common/money.ts';
import { reverseChargeMention } from '../../../common/order-pricing.ts';
import { ratePercent, receiptDate } from '../../../common/receipt.ts';
import { accent, type Column, ink, muted, page, startDocument, sumRow, tableRow } from '../../pdf/pdf-writer.ts';
import type { InvoiceDocument } from './invoice-document.ts';

const usd = (cents: number) => formatUsd(cents / 100);
const percentOf = (ppm: number) => ratePercent(ppm / 10_000);

const width = page.width - 2 * page.margin;
/** The lines' table: the item, then its quantity, unit price, discount, tax rate and amount. */
const lineColumns: Column[] = [
  { x: page.margin, width: 190 },
  { x: page.margin + 190, width: 40 },
  { x: page.margin + 235, width: 70 },
  { x: page.margin + 310, width: 65 },
  { x: page.margin + 380, width: 45 },
  { x: page.margin + 430, width: width - 430 },
];
/** The tax summary: the rate, what it was charged on, and the tax. */
const taxColumns: Column[] = [
  { x: page.margin + 190, width: 110 },
  { x: page.margin + 305, width: 120 },
  { x: page.margin + 430, width: width - 430 },
];

/**
 * An invoice or a credit note as a PDF, drawn from the document fixed when it was issued, with the
 * shop's PDF writer: the seller with its tax number, the buyer, the lines, the tax per rate and the
 * totals, and the reverse-charge mention where it applies.
 */
export function invoicePdf(invoice: InvoiceDocument): Uint8Array {
  const title = invoice.kind === 'invoice' ? 'INVOICE' : 'CREDIT NOTE';
  const { document, writer } = startDocument({
    title: `${invoice.seller.name} ${title.toLowerCase()} ${invoice.number}`,
    author: invoice.seller.name,
    subject: `${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${invoice.number} for order ${invoice.orderNumber}`,
    createdAt: new Date(invoice.issuedAt),
  });
  const half = width / 2;

  // The seller, and the document's own heading beside it.
  const top = writer.y;
  writer.text(invoice.seller.name, { size: 16, bold: true, width: half });
  writer.gap(4);
  for (const line of invoice.seller.address) writer.text(line, { size: 9.5, color: muted, width: half });
  if (invoice.seller.taxNumber) writer.text(`Tax number ${invoice.seller.taxNumber}`, { size: 9.5, color: muted, width: half });
  const sellerBottom = writer.y;
  writer.y = top;
  const right = { x: page.margin + half, width: half, align: 'right' as const };
  writer.text(title, { ...right, size: 18, bold: true, color: accent });
  writer.gap(4);
  writer.text(invoice.number, { ...right, size: 11, bold: true });
  writer.text(`Issued ${receiptDate(invoice.issuedAt)}`, { ...right, size: 9.5, color: muted });
  writer.text(`Order ${invoice.orderNumber}`, { ...right, size: 9.5, color: muted });
  if (invoice.refersTo) writer.text(`Corrects invoice ${invoice.refersTo}`, { ...right, size: 9.5, color: muted });
  writer.y = Math.min(writer.y, sellerBottom) - 18;
  writer.line(1.5, ink);
  writer.gap(16);

  // The buyer.
  writer.text(invoice.kind === 'invoice' ? 'BILLED TO' : 'CREDITED TO', { size: 8.5, bold: true, color: muted });
  writer.gap(2);
  writer.text(invoice.buyer.name, { bold: true });
  if (invoice.buyer.company) writer.text(invoice.buyer.company);
  for (const line of invoice.buyer.address) writer.text(line, { width: half + 60 });
  writer.text(invoice.buyer.email);
  if (invoice.buyer.vatNumber) writer.text(`VAT number ${invoice.buyer.vatNumber}`);
  if (invoice.reason) {
    writer.gap(10);
    writer.text(`Reason: ${invoice.reason}`, { color: muted });
  }
  writer.gap(20);

  // The lines.
  tableRow(writer, ['ITEM', 'QTY', 'UNIT PRICE', 'DISCOUNT', 'TAX', 'AMOUNT'], lineColumns, { bold: true, color: muted });
  writer.gap(6);
  writer.line();
  for (const line of invoice.lines) {
    writer.gap(4);
    const discount = line.discountCents > 0 ? `-${usd(line.discountCents)}` : '';
    tableRow(
      writer,
      [line.description, String(line.quantity), usd(line.unitPriceCents), discount, line.taxRatePpm > 0 ? percentOf(line.taxRatePpm) : '', usd(line.amountCents)],
      lineColumns,
    );
    writer.gap(6);
    writer.line();
  }
  writer.gap(8);

  // The totals.
  const { totals } = invoice;
  const sums: [string, string, { bold?: boolean; size?: number }?][] =
    invoice.kind === 'invoice'
      ? [
          ['Subtotal', usd(totals.subtotalCents)],
          [invoice.shippingMethod ? `Shipping (${invoice.shippingMethod})` : 'Shipping', usd(totals.shippingCents)],
          ...(totals.discountCents > 0 ? [[invoice.discountCode ? `Discount (${invoice.discountCode})` : 'Discount', `-${usd(totals.discountCents)}`] as [string, string]] : []),
          ...(totals.taxIncluded || invoice.reverseCharge ? [] : [['Tax', usd(totals.taxCents)] as [string, string]]),
          ['Total', usd(totals.totalCents), { bold: true, size: 12 }],
          ...(totals.taxIncluded && !invoice.reverseCharge ? [['Of which tax', usd(totals.taxCents)] as [string, string]] : []),
        ]
      : [
          ['Credited', usd(totals.totalCents), { bold: true, size: 12 }],
          ['Of which tax', usd(totals.taxCents)],
        ];
  for (const [label, figure, style] of sums) sumRow(writer, label, figure, style ?? { color: muted });
  writer.gap(18);

  // Tax per rate, as a tax return adds it up.
  if (invoice.taxByRate.length > 0) {
    writer.room(60);
    tableRow(writer, ['TAX RATE', 'CHARGED ON', 'TAX'], taxColumns, { bold: true, color: muted });
    writer.gap(4);
    for (const rate of invoice.taxByRate) tableRow(writer, [percentOf(rate.ratePpm), usd(rate.taxableCents), usd(rate.taxCents)], taxColumns);
    writer.gap(14);
  }
  if (invoice.reverseCharge) {
    writer.room(40);
    writer.text(reverseChargeMention, { bold: true });
    writer.gap(12);
  }
  if (invoice.paymentReference) writer.text(`Paid by card, reference ${invoice.paymentReference}`, { size: 9.5, color: muted });
  writer.gap(10);
  writer.line();
  writer.gap(6);
  writer.text(`All amounts in US dollars. ${invoice.seller.name}, ${invoice.seller.address.join(', ')}.`, { size: 8.5, color: muted });
  return document.save();
}
