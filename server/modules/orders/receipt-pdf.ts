import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { formatUsd } from '../../../common/money.ts';
import { type Receipt, receiptSums } from '../../../common/receipt.ts';

/**
 * A receipt as a one-page PDF (US Letter, with margins that leave it whole on A4), drawn with the
 * PDF standard fonts, so that nothing is downloaded or embedded (ADR 014). Those fonts cover Western
 * European letters; any other character a customer typed is shown as "?".
 */

const page = { width: 612, height: 792, margin: 56 } as const;
const ink = rgb(0.11, 0.1, 0.09);
const muted = rgb(0.34, 0.33, 0.31);
const rule = rgb(0.85, 0.82, 0.78);
const accent = rgb(0.63, 0.29, 0.03);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** What the font can draw, with everything else as "?": a name in another script must not fail the receipt. */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, ' '), (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** The text broken into lines no wider than `width`; a word longer than that is cut. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const tried = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(tried, size) <= width) {
      line = tried;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws down the page from a running top edge. */
class Writer {
  y = page.height - page.margin;

  constructor(
    private readonly sheet: PDFPage,
    readonly fonts: Fonts,
  ) {}

  text(text: string, options: { x?: number; size?: number; bold?: boolean; color?: typeof ink; width?: number; align?: 'left' | 'right'; advance?: boolean } = {}) {
    const { x = page.margin, size = 10, bold = false, color = ink, width = page.width - 2 * page.margin, align = 'left', advance = true } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lines = wrap(font, size, drawable(font, text), width);
    let y = this.y;
    for (const line of lines) {
      y -= size * 1.35;
      const left = align === 'right' ? x + width - font.widthOfTextAtSize(line, size) : x;
      this.sheet.drawText(line, { x: left, y, size, font, color });
    }
    if (advance) this.y = y;
    return this.y - y;
  }

  gap(points: number) {
    this.y -= points;
  }

  line(thickness = 0.75, color = rule) {
    this.sheet.drawLine({ start: { x: page.margin, y: this.y }, end: { x: page.width - page.margin, y: this.y }, thickness, color });
  }
}

/** The item table's columns: left edge and width. */
const columns = {
  item: { x: page.margin, width: 262 },
  quantity: { x: page.margin + 270, width: 50 },
  unitPrice: { x: page.margin + 325, width: 85 },
  amount: { x: page.margin + 415, width: page.width - 2 * page.margin - 415 },
};

/** A row of the table: the item's text wraps, the figures stand right-aligned on its first line. */
function tableRow(writer: Writer, cells: { item: string; quantity: string; unitPrice: string; amount: string }, options: { bold?: boolean; color?: typeof ink } = {}) {
  // Drawn in reading order, so that a PDF reader's text (and a screen reader) goes along the row.
  const top = writer.y;
  writer.text(cells.item, { ...columns.item, ...options });
  const bottom = writer.y;
  writer.y = top;
  const figures = { ...options, align: 'right' as const, advance: false };
  writer.text(cells.quantity, { ...columns.quantity, ...figures });
  writer.text(cells.unitPrice, { ...columns.unitPrice, ...figures });
  writer.text(cells.amount, { ...columns.amount, ...figures });
  writer.y = bottom;
}

/** A label and its figure at the right of the table (the subtotal, the total, a refund). */
function sumRow(writer: Writer, label: string, figure: string, options: { bold?: boolean; size?: number; color?: typeof ink } = {}) {
  const top = writer.y;
  writer.text(label, { x: columns.unitPrice.x - 60, width: columns.unitPrice.width + 60, ...options, advance: false });
  writer.y = top;
  writer.text(figure, { ...columns.amount, ...options, align: 'right' });
}

export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`${receipt.shop.name} receipt ${receipt.orderNumber}`);
  document.setAuthor(receipt.shop.name);
  document.setSubject(`Receipt for order ${receipt.orderNumber}`);
  document.setCreator(receipt.shop.name);
  document.setProducer(receipt.shop.name);
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  const writer = new Writer(document.addPage([page.width, page.height]), fonts);
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
  tableRow(writer, { item: 'ITEM', quantity: 'QTY', unitPrice: 'UNIT PRICE', amount: 'AMOUNT' }, { bold: true, color: muted });
  writer.gap(6);
  writer.line();
  for (const line of receipt.lines) {
    writer.gap(4);
    tableRow(writer, { item: line.description, quantity: String(line.quantity), unitPrice: formatUsd(line.unitPrice), amount: formatUsd(line.amount) });
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
