import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts';

/**
 * The two PDF standard fonts the shop draws with, Helvetica and Helvetica-Bold, in WinAnsiEncoding:
 * every PDF reader has them, so nothing is embedded (ADR 014). Their character widths come from the
 * fonts' AFM metrics, read once per process into a table by byte, so that measuring a line is a loop
 * over its bytes. Kerning is left out: the text is drawn without it, so measuring with it would only
 * misplace right-aligned figures.
 */
export interface StandardFont {
  /** The font's PostScript name, as the PDF names it (/BaseFont). */
  baseFont: string;
  /** Its name in a page's resources, as the content stream selects it (Tf). */
  resource: string;
  /** The width of each WinAnsi byte, in thousandths of the font size. */
  widths: Float64Array;
}

/** Each UTF-16 code unit's WinAnsi byte, 0 for the characters the fonts cannot draw. */
const winAnsiByte = new Uint8Array(0x10000);
for (const codePoint of Encodings.WinAnsi.supportedCodePoints) winAnsiByte[codePoint] = Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint).code;

const questionMark = 0x3f;

function standardFont(name: FontNames, resource: string): StandardFont {
  const metrics = Font.load(name);
  const widths = new Float64Array(256);
  for (const codePoint of Encodings.WinAnsi.supportedCodePoints) {
    const glyph = Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint);
    // A glyph without a width in the metrics is drawn at 250, as pdf-lib measured it.
    widths[glyph.code] = metrics.getWidthOfGlyph(glyph.name) || 250;
  }
  return { baseFont: metrics.FontName, resource, widths };
}

export const helvetica = standardFont(FontNames.Helvetica, 'F1');
export const helveticaBold = standardFont(FontNames.HelveticaBold, 'F2');

/**
 * The text as the bytes the fonts draw, one character per byte (a "binary" string: each char code is
 * a byte): runs of white space become one space, and any character WinAnsi lacks becomes "?", so that
 * a name in another script is drawn rather than failing the document.
 */
export function winAnsi(text: string): string {
  if (plainAscii(text)) return text;
  let bytes = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    const byte = char.length === 1 ? winAnsiByte[char.charCodeAt(0)]! : 0;
    bytes += String.fromCharCode(byte || questionMark);
  }
  return bytes;
}

/** Printable ASCII with no two spaces in a row: its own WinAnsi bytes, as most of what the shop draws is. */
function plainAscii(text: string): boolean {
  let previous = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e || (code === 0x20 && previous === 0x20)) return false;
    previous = code;
  }
  return true;
}

/** The width in points of WinAnsi bytes drawn in the font at the size. */
export function widthOf(font: StandardFont, bytes: string, size: number): number {
  let thousandths = 0;
  for (let index = 0; index < bytes.length; index += 1) thousandths += font.widths[bytes.charCodeAt(index)]!;
  return (thousandths * size) / 1000;
}
