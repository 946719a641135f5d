import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { columns, muted, startDocument, tableRow, type Writer } from './pdf-writer.ts';

/**
 * The shop's own PDF files (pdf-file.ts, drawn through pdf-writer.ts), read back by two readers that
 * share no code with it: pdf-lib's parser, and poppler's pdftotext and pdfinfo, which is what most
 * Linux PDF viewers are built on.
 */

const popplerFound = ['pdftotext', 'pdfinfo'].every((tool) => {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
if (!popplerFound) {
  console.warn('⚠ Leaving out the tests of the PDFs with poppler: no pdftotext or pdfinfo. Install them with `apt-get install poppler-utils` (.ci/run does).');
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-pdf-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Runs a poppler tool on the bytes, as a file, and gives what it printed. */
function poppler(tool: 'pdftotext' | 'pdfinfo', bytes: Uint8Array, ...options: string[]): string {
  const file = path.join(folder, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  const args = tool === 'pdftotext' ? [...options, '-enc', 'UTF-8', file, '-'] : [...options, '-enc', 'UTF-8', file];
  return execFileSync(tool, args, { encoding: 'utf8' });
}

const meta = {
  title: 'Joinery Tool Works invoice INV-2026-000042 (draft)',
  author: 'Joinery Tool Works',
  subject: 'Invoice for Zoë’s order',
  createdAt: new Date('2026-03-02T17:05:09Z'),
};
const layout = [columns.item, columns.quantity, columns.unitPrice, columns.amount];

/** A short invoice: a heading, a name in scripts the fonts lack, the PDF's own delimiters, and a table of `rows` rows. */
function drawn(rows: number): Uint8Array {
  const { document, writer } = startDocument(meta);
  writer.text('Joinery Tool Works', { size: 18, bold: true });
  writer.text('Billed to Łódź, ul. Piotrkowska 1 — 東京 🪚, café', { color: muted });
  writer.text('Notes (fragile) \\ keep dry');
  writer.gap(20);
  tableRow(writer, ['ITEM', 'QTY', 'UNIT PRICE', 'AMOUNT'], layout, { bold: true, color: muted });
  for (let row = 1; row <= rows; row += 1) drawRow(writer, row);
  writer.line();
  return document.save();
}

function drawRow(writer: Writer, row: number) {
  writer.gap(4);
  tableRow(writer, [`Marking gauge no. ${row}`, String(row), '$48.00', `$${48 * row}.00`], layout);
  writer.line();
}

/** The cross-reference table's offsets, each checked to be where its object starts, and the number of objects. */
function objectsAtTheirOffsets(bytes: Uint8Array): number {
  const text = Buffer.from(bytes).toString('latin1');
  const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.startsWith('xref\n', xrefAt)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(xrefAt))!;
  expect(first).toBe('0');
  const entries = text.slice(xrefAt + `xref\n0 ${count}\n`.length).match(/^\d{10} \d{5} [nf] \n/gm)!;
  expect(entries).toHaveLength(Number(count));
  entries.slice(1).forEach((entry, index) => expect(text.startsWith(`${index + 1} 0 obj\n`, Number(entry.slice(0, 10)))).toBe(true));
  return entries.length - 1;
}

describe('a PDF file drawn by the shop', () => {
  it('is read by pdf-lib: one US Letter page, its metadata, and a cross-reference table with exact offsets', async () => {
    const bytes = drawn(3);
    expect(Buffer.from(bytes.subarray(0, 9)).toString('latin1')).toBe('%PDF-1.7\n');
    expect(objectsAtTheirOffsets(bytes)).toBeGreaterThan(5);

    const read = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(read.getPageCount()).toBe(1);
    expect(read.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(read.getTitle()).toBe(meta.title);
    expect(read.getAuthor()).toBe(meta.author);
    expect(read.getSubject()).toBe(meta.subject);
    expect(read.getCreator()).toBe(meta.author);
    expect(read.getProducer()).toBe(meta.author);
    expect(read.getCreationDate()).toEqual(meta.createdAt);
    expect(read.getModificationDate()).toEqual(meta.createdAt);
  });

  it('has no dates when none are given', async () => {
    const { document } = startDocument({ title: 'Receipt', author: 'Joinery Tool Works', subject: 'Receipt for order J-1' });
    const read = await PDFDocument.load(document.save(), { updateMetadata: false });
    expect(read.getPageCount()).toBe(1);
    expect(read.getCreationDate()).toBeUndefined();
  });

  // On CI (.ci/run installs poppler-utils) missing tools fail the run rather than leave the files unread.
  if (!popplerFound && process.env.CI === 'true') {
    it('has pdftotext and pdfinfo to read the files with', () => {
      throw new Error('No pdftotext or pdfinfo: install them with `apt-get install poppler-utils` (.ci/run does).');
    });
  }

  describe.skipIf(!popplerFound)('read by poppler', () => {
    it('gives the text in reading order, a table row along its line, and "?" for what the fonts lack', () => {
      const text = poppler('pdftotext', drawn(2), '-layout');
      const order = [
        'Joinery Tool Works',
        'Billed to ?ód?, ul. Piotrkowska 1 — ?? ?, café',
        'Notes (fragile) \\ keep dry',
        'ITEM',
        'Marking gauge no. 1',
        'Marking gauge no. 2',
      ].map((expected) => text.indexOf(expected));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(text).toMatch(/ITEM +QTY +UNIT PRICE +AMOUNT/);
      expect(text).toMatch(/Marking gauge no\. 2 +2 +\$48\.00 +\$96\.00/);
    });

    it('starts a second page when a long table fills the first', () => {
      const bytes = drawn(60);
      expect(poppler('pdfinfo', bytes)).toMatch(/^Pages: +2$/m);
      const first = poppler('pdftotext', bytes, '-f', '1', '-l', '1');
      const second = poppler('pdftotext', bytes, '-f', '2', '-l', '2');
      expect(first).toContain('Marking gauge no. 1\n');
      expect(second).not.toContain('Marking gauge no. 1\n');
      expect(second).toContain('Marking gauge no. 60');
      expect(first).not.toContain('Marking gauge no. 60');
      expect(objectsAtTheirOffsets(bytes)).toBeGreaterThan(7);
    });

    it('has its metadata read back by pdfinfo, text beyond ASCII included', () => {
      const info = poppler('pdfinfo', drawn(1), '-isodates');
      expect(info).toMatch(/^Title: +Joinery Tool Works invoice INV-2026-000042 \(draft\)$/m);
      expect(info).toMatch(/^Subject: +Invoice for Zoë’s order$/m);
      expect(info).toMatch(/^Author: +Joinery Tool Works$/m);
      expect(info).toMatch(/^CreationDate: +2026-03-02T17:05:09Z$/m);
      expect(info).toMatch(/^Page size: +612 x 792 pts \(letter\)$/m);
    });
  });
});
