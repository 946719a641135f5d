import { PDFParse } from 'pdf-parse';

/** A PDF's pages and text, as a person's PDF reader would find them. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText();
    return { pages: result.total, text: result.text };
  } finally {
    await parser.destroy();
  }
}
