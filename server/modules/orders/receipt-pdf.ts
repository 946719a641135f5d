import { formatUsd } from '../../../common/money.ts';
import { type Receipt, receiptSums } from '../../../common/receipt.ts';
import { accent, columns, ink, muted, page, startDocument, sumRow, tableRow } from '../../pdf/pdf-writer.ts';

const layout = [columns.item, columns.quantity, columns.unitPrice, columns.amount];

/** A receipt as a one-page PDF, drawn with the shop's PDF writer (ADR 014). */
export function receiptPdf(receipt: Receipt): Uint8Array {
  const { document, writer } = startDocument({
    title: `${receipt.shop.name} receipt ${receipt.orderNumber}`,
    author: receipt.shop.name,
    subject: `Receipt for order ${receipt.orderNumber}`,
  });
  const half = (page.width - 2 * page.margin) / 2;

  // The shop, and the receipt's own heading beside it.
  const top = writer.y;
  writer.text(receipt.shop.name, { size: 18, bold: true, width: half });
  writer.gap(4);
  for (const line of receipt.shop.postalAddress) writer.text(line, { size: 9.5, color: muted, width: half });
  writer.text(receipt.shop.supportEmail, { size: 9.5, color: muted, width: half });
  const shopBottom = writer.y;
  writer.y = top;
  const right = { x: page.margin + half, width: half, align: 'right' as const };
  writer.text('RECEIPT', { ...right, size: 18, bold: true, color: accent });
  writer.gap(4);
  writer.text(`Order ${receipt.orderNumber}`, { ...right, size: 11, bold: true });
  writer.text(`Paid ${receipt.date}`, { ...right, size: 9.5, color: muted });
  writer.y = Math.min(writer.y, shopBottom) - 20;
  writer.line(1.5, ink);
  writer.gap(18);

  // Who paid, and where it goes.
  writer.text('BILLED TO', { size: 8.5, bold: true, color: muted });
  writer.gap(2);
  writer.text(receipt.billedTo.name, { bold: true });
  writer.text(receipt.billedTo.email);
  writer.text(receipt.billedTo.phone);
  writer.text(receipt.billedTo.adress, { width: half + 60 });
  writer.gap(22);

  // What was bought.
  tableRow(writer, ['ITEM', 'QTY', 'UNIT PRICE', 'AMOUNT'], layout, { bold: true, color: muted });
  writer.gap(6);
  writer.line();
  for (const line of receipt.lines) {
    writer.gap(4);
    tableRow(writer, [line.description, String(line.quantity), formatUsd(line.unitPrice), formatUsd(line.amount)], layout);
    writer.gap(6);
    writer.line();
  }
  writer.gap(6);
  // How the total is made, then the total; the same rows, worded the same, as the printed page.
  for (const sum of receiptSums(receipt)) {
    if (sum.emphasis === 'total') writer.gap(4);
    const style = sum.emphasis === 'total' ? { bold: true, size: 12 } : sum.emphasis === 'net' ? { bold: true } : { color: muted };
    sumRow(writer, sum.label, sum.figure, style);
    if (sum.emphasis === 'total') writer.gap(2);
  }
  writer.gap(26);

  // How it was paid.
  writer.text('PAYMENT', { size: 8.5, bold: true, color: muted });
  writer.gap(2);
  if (receipt.payment.card) writer.text(receipt.payment.card);
  writer.text(`Reference ${receipt.payment.reference}`);
  writer.gap(30);
  writer.line();
  writer.gap(8);
  writer.text(`Thank you for your order. Questions about it? Write to ${receipt.shop.supportEmail} and quote ${receipt.orderNumber}.`, { size: 9, color: muted });

  return document.save();
}
