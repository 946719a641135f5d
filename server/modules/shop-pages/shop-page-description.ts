import { richTextToPlainText } from '../../../common/rich-text.ts';

/** A search result's and a link preview's length for a description (what search engines show). */
const descriptionLength = 155;

/** The page's description for its head: the start of its text, without headings, cut at a word. */
export function shopPageDescription(body: string): string {
  const text = richTextToPlainText(body.replace(/^#{2,3} .*$/gm, ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= descriptionLength) return text;
  const cut = text.slice(0, descriptionLength - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).replace(/[,;:.\s]+$/, '')}…`;
}
