import { type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * What the shop's PDFs (receipts, invoices, credit notes) are drawn with: one US Letter page with
 * margins that leave it whole on A4, the PDF standard fonts (nothing downloaded or embedded, ADR 014),
 * and a writer that draws down the page. Those fonts cover Western European letters; any other
 * character a customer typed is shown as "?".
 */

export const page = { width: 612, height: 792, margin: 56 } as const;
export const ink = rgb(0.11, 0.1, 0.09);
export const muted = rgb(0.34, 0.33, 0.31);
export const rule = rgb(0.85, 0.82, 0.78);
export const accent = rgb(0.63, 0.29, 0.03);

export interface Fonts {
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

/** Draws down the pages from a running top edge, starting a new page when one is full. */
export class Writer {
  y = page.height - page.margin;
  private sheet: PDFPage;

  constructor(
    private readonly document: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.sheet = document.addPage([page.width, page.height]);
  }

  /** Starts a new page when fewer than `points` are left above the bottom margin. */
  room(points: number) {
    if (this.y - points >= page.margin) return;
    this.sheet = this.document.addPage([page.width, page.height]);
    this.y = page.height - page.margin;
  }

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
export function tableRow(writer: Writer, cells: readonly string[], layout: readonly Column[], options: { bold?: boolean; color?: typeof ink } = {}) {
  writer.room(28);
  const top = writer.y;
  writer.text(cells[0] ?? '', { ...layout[0], ...options });
  const bottom = writer.y;
  writer.y = top;
  const figures = { ...options, align: 'right' as const, advance: false };
  cells.slice(1).forEach((cell, index) => writer.text(cell, { ...layout[index + 1], ...figures }));
  writer.y = bottom;
}

/** A label and its figure at the right of the page (the subtotal, the total, a refund). */
export function sumRow(writer: Writer, label: string, figure: string, options: { bold?: boolean; size?: number; color?: typeof ink } = {}) {
  writer.room(20);
  const top = writer.y;
  writer.text(label, { x: columns.unitPrice.x - 100, width: columns.unitPrice.width + 100, ...options, advance: false });
  writer.y = top;
  writer.text(figure, { ...columns.amount, ...options, align: 'right' });
}

/** A new document with its metadata, and a writer at the top of its first page. */
export async function startDocument(meta: { title: string; author: string; subject: string; createdAt?: Date }): Promise<{ document: PDFDocument; writer: Writer }> {
  const document = await PDFDocument.create();
  document.setTitle(meta.title);
  document.setAuthor(meta.author);
  document.setSubject(meta.subject);
  document.setCreator(meta.author);
  document.setProducer(meta.author);
  if (meta.createdAt) {
    document.setCreationDate(meta.createdAt);
    document.setModificationDate(meta.createdAt);
  }
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  return { document, writer: new Writer(document, fonts) };
}
