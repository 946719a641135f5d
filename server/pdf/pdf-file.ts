import { deflateSync } from 'node:zlib';
import { ContentStream, pdfLiteral } from './content-stream.ts';
import type { StandardFont } from './standard-fonts.ts';

/**
 * The shop's own PDF serializer: a PDF 1.7 file with a catalog, a tree of US Letter pages whose
 * content streams are deflated, the standard fonts they name (not embedded, ADR 014), the document's
 * metadata, and a cross-reference table. It writes only what the shop's documents draw (text and
 * lines): pdf-lib, which drew them before, took some twenty times as long for each invoice, and every
 * paid order draws one.
 */

export interface PdfMetadata {
  title: string;
  author: string;
  subject: string;
  creator: string;
  producer: string;
  createdAt?: Date | undefined;
}

export const letter = { width: 612, height: 792 } as const;

/** A text string of the metadata: literal when printable ASCII, otherwise UTF-16BE with its byte order mark, in hex. */
function textString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return pdfLiteral(text);
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `<${hex}>`;
}

/** A date as PDF writes it, in UTC: D:YYYYMMDDHHmmSSZ. */
function pdfDate(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `(D:${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z)`;
}

/** A document being drawn: its pages, and then its bytes. */
export class PdfDocument {
  private readonly pages: ContentStream[] = [];

  constructor(
    private readonly metadata: PdfMetadata,
    private readonly fonts: readonly StandardFont[],
  ) {}

  /** A new page at the end, to draw on. */
  addPage(): ContentStream {
    const content = new ContentStream();
    this.pages.push(content);
    return content;
  }

  /** The whole file. Objects: 1 the catalog, 2 the pages, 3 the metadata, then the fonts, then each page and its content. */
  save(): Buffer {
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let length = 0;
    const write = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    };
    const object = (body: string, stream?: Buffer) => {
      offsets.push(length);
      const number = offsets.length;
      if (stream) {
        write(Buffer.from(`${number} 0 obj\n${body}\nstream\n`, 'latin1'));
        write(stream);
        write(Buffer.from('\nendstream\nendobj\n', 'latin1'));
      } else {
        write(Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1'));
      }
    };

    const firstFont = 4;
    const firstPage = firstFont + this.fonts.length;
    const pageRefs = this.pages.map((_, index) => `${firstPage + 2 * index} 0 R`);
    const fontRefs = this.fonts.map((font, index) => `/${font.resource} ${firstFont + index} 0 R`).join(' ');
    const { title, author, subject, creator, producer, createdAt } = this.metadata;
    const dates = createdAt ? ` /CreationDate ${pdfDate(createdAt)} /ModDate ${pdfDate(createdAt)}` : '';

    // The binary comment tells a file transfer that the file is not text.
    write(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    object('<< /Type /Catalog /Pages 2 0 R >>');
    object(`<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${this.pages.length} >>`);
    object(
      `<< /Title ${textString(title)} /Author ${textString(author)} /Subject ${textString(subject)} /Creator ${textString(creator)} /Producer ${textString(producer)}${dates} >>`,
    );
    for (const font of this.fonts) object(`<< /Type /Font /Subtype /Type1 /BaseFont /${font.baseFont} /Encoding /WinAnsiEncoding >>`);
    for (const [index, page] of this.pages.entries()) {
      object(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${letter.width} ${letter.height}] /Resources << /Font << ${fontRefs} >> >> /Contents ${firstPage + 2 * index + 1} 0 R >>`,
      );
      const content = deflateSync(Buffer.from(page.bytes(), 'latin1'));
      object(`<< /Length ${content.length} /Filter /FlateDecode >>`, content);
    }

    // Each entry of the table is exactly 20 bytes: the offset, the generation, in use, and a two-byte end of line.
    const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
    const size = offsets.length + 1;
    write(Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n${table}trailer\n<< /Size ${size} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(chunks, length);
  }
}
