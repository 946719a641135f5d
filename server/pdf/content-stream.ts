import type { StandardFont } from './standard-fonts.ts';

/** A number in a content stream or a PDF object: rounded to a thousandth (of a point), in JavaScript's shortest form, -0 as "0". */
export function pdfNumber(value: number): string {
  return String(roundedToThousandth(value));
}

const roundedToThousandth = (value: number) => Math.round(value * 1000) / 1000;

/** Bytes (one char code each) as a PDF literal string: the delimiters and the escape are escaped. */
export function pdfLiteral(bytes: string): string {
  const plain = !bytes.includes('(') && !bytes.includes(')') && !bytes.includes('\\');
  return `(${plain ? bytes : bytes.replace(/[()\\]/g, '\\$&')})`;
}

/**
 * One page's drawing, as PDF operators: text (BT/Tf/rg/Td/Tj/ET) and straight lines (w/RG/m/l/S).
 * The font, the colours and the line width are written only when they change, and the lines of text
 * drawn one after another share a text object, each placed from the one before (Td is relative):
 * a page is mostly runs of text in the same font and colour, so its stream, and the time to deflate
 * it, is about half what drawing each line on its own would make.
 */
export class ContentStream {
  private readonly operators: string[] = [];
  private inText = false;
  /** Where the current text object's last line starts, as written (rounded). */
  private textX = 0;
  private textY = 0;
  private font = '';
  private fill = '';
  private stroke = '';
  private lineWidth = '';

  /** Bytes of the font's encoding, at (x, y) from the page's bottom left; `colour` is its red, green and blue as written before rg. */
  text(font: StandardFont, size: number, colour: string, x: number, y: number, bytes: string) {
    if (!this.inText) {
      this.operators.push('BT');
      this.inText = true;
      this.textX = 0;
      this.textY = 0;
    }
    const fontAndSize = `/${font.resource} ${pdfNumber(size)} Tf`;
    if (fontAndSize !== this.font) this.operators.push((this.font = fontAndSize));
    if (colour !== this.fill) this.operators.push(`${(this.fill = colour)} rg`);
    const left = roundedToThousandth(x);
    const bottom = roundedToThousandth(y);
    this.operators.push(`${pdfNumber(left - this.textX)} ${pdfNumber(bottom - this.textY)} Td ${pdfLiteral(bytes)} Tj`);
    this.textX = left;
    this.textY = bottom;
  }

  /** A straight line from (x1, y) to (x2, y). */
  horizontalLine(x1: number, x2: number, y: number, thickness: number, colour: string) {
    this.endText();
    const width = pdfNumber(thickness);
    if (width !== this.lineWidth) this.operators.push(`${(this.lineWidth = width)} w`);
    if (colour !== this.stroke) this.operators.push(`${(this.stroke = colour)} RG`);
    const at = pdfNumber(y);
    this.operators.push(`${pdfNumber(x1)} ${at} m ${pdfNumber(x2)} ${at} l S`);
  }

  /** The stream's text, one byte per char code. */
  bytes(): string {
    this.endText();
    return this.operators.join('\n');
  }

  private endText() {
    if (!this.inText) return;
    this.operators.push('ET');
    this.inText = false;
  }
}
