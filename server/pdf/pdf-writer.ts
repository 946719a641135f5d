import { type ContentStream, pdfNumber } from './content-stream.ts';
import { letter, PdfDocument } from './pdf-file.ts';
import { helvetica, helveticaBold, type StandardFont, widthOf, winAnsi } from './standard-fonts.ts';

/**
 * What the shop's PDFs (receipts, invoices, credit notes) are drawn with: US Letter pages with
 * margins that leave them whole on A4, the PDF standard fonts (nothing downloaded or embedded, ADR 014),
 * and a writer that draws down the page. Those fonts cover Western European letters; any other
 * character a customer typed is shown as "?" (standard-fonts.ts).
 */

export const page = { ...letter, margin: 56 } as const;

/** A colour: its red, green and blue (each from 0 to 1) as a content stream writes them, before rg or RG. */
export interface Colour {
  readonly components: string;
}
const rgb = (red: number, green: number, blue: number): Colour => ({ components: [red, green, blue].map(pdfNumber).join(' ') });
export const ink = rgb(0.11, 0.1, 0.09);
export const muted = rgb(0.34, 0.33, 0.31);
export const rule = rgb(0.85, 0.82, 0.78);
export const accent = rgb(0.63, 0.29, 0.03);

/** The text (WinAnsi bytes) broken into lines no wider than `width`; a word longer than that is cut. */
function wrap(font: StandardFont, size: number, text: string, width: number): string[] {
  // Most text fits on one line as it is (but for a leading space, which the words below drop).
  if (text && !text.startsWith(' ') && widthOf(font, text, size) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const tried = line ? `${line} ${word}` : word;
    if (widthOf(font, tried, size) <= width) {
      line = tried;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (widthOf(font, line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && widthOf(font, line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws down the pages from a running top edge, starting a new page when one is full. */
export class Writer {
  y = page.height - page.margin;
  private sheet: ContentStream;

  constructor(private readonly document: PdfDocument) {
    this.sheet = document.addPage();
  }

  /** Starts a new page when fewer than `points` are left above the bottom margin. */
  room(points: number) {
    if (this.y - points >= page.margin) return;
    this.sheet = this.document.addPage();
    this.y = page.height - page.margin;
  }

  text(text: string, options: { x?: number; size?: number; bold?: boolean; color?: Colour; width?: number; align?: 'left' | 'right'; advance?: boolean } = {}) {
    const { x = page.margin, size = 10, bold = false, color = ink, width = page.width - 2 * page.margin, align = 'left', advance = true } = options;
    const font = bold ? helveticaBold : helvetica;
    const lines = wrap(font, size, winAnsi(text), width);
    let y = this.y;
    for (const line of lines) {
      y -= size * 1.35;
      const left = align === 'right' ? x + width - widthOf(font, line, size) : x;
      this.sheet.text(font, size, color.components, left, y, line);
    }
    if (advance) this.y = y;
    return this.y - y;
  }

  gap(points: number) {
    this.y -= points;
  }

  line(thickness = 0.75, color = rule) {
    this.sheet.horizontalLine(page.margin, page.width - page.margin, this.y, thickness, color.components);
  }
}

/** A table's column: its left edge and width. */
export interface Column {
  x: number;
  width: number;
}

/** The receipt's item table: the item, then its quantity, unit price and amount. */
export const columns = {
  item: { x: page.margin, width: 262 },
  quantity: { x: page.margin + 270, width: 50 },
  unitPrice: { x: page.margin + 325, width: 85 },
  amount: { x: page.margin + 415, width: page.width - 2 * page.margin - 415 },
};

/**
 * A row of a table: the first cell's text wraps in its column, the others (figures) stand
 * right-aligned on its first line. Drawn in reading order, so that a PDF reader's text (and a screen
 * reader) goes along the row. A row that would not fit starts a new page.
 */
export function tableRow(writer: Writer, cells: readonly string[], layout: readonly Column[], options: { bold?: boolean; color?: Colour } = {}) {
  writer.room(28);
  const top = writer.y;
  // Each cell's options are written out rather than spread: spreading them took a tenth of the time an invoice takes to draw.
  const { bold, color } = options;
  writer.text(cells[0] ?? '', { x: layout[0]?.x, width: layout[0]?.width, bold, color });
  const bottom = writer.y;
  writer.y = top;
  for (let index = 1; index < cells.length; index += 1) {
    writer.text(cells[index]!, { x: layout[index]?.x, width: layout[index]?.width, bold, color, align: 'right', advance: false });
  }
  writer.y = bottom;
}

/** A label and its figure at the right of the page (the subtotal, the total, a refund). */
export function sumRow(writer: Writer, label: string, figure: string, options: { bold?: boolean; size?: number; color?: Colour } = {}) {
  writer.room(20);
  const top = writer.y;
  const { bold, size, color } = options;
  writer.text(label, { x: columns.unitPrice.x - 100, width: columns.unitPrice.width + 100, bold, size, color, advance: false });
  writer.y = top;
  writer.text(figure, { x: columns.amount.x, width: columns.amount.width, bold, size, color, align: 'right' });
}

/** A new document with its metadata, and a writer at the top of its first page; `document.save()` gives its bytes. */
export function startDocument(meta: { title: string; author: string; subject: string; createdAt?: Date }): { document: PdfDocument; writer: Writer } {
  const document = new PdfDocument({ ...meta, creator: meta.author, producer: meta.author }, [helvetica, helveticaBold]);
  return { document, writer: new Writer(document) };
}
