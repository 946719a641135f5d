import { useMemo } from 'react';
import { richTextToHtml } from '../../../../common/rich-text.ts';

/** How the shop's own writing reads on a page: headings, paragraphs, lists, bold and links in the shop's type. */
const writing = [
  'space-y-4 text-base leading-relaxed text-stone-700',
  '[&_h2]:font-display [&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-stone-900',
  '[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-stone-900',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6',
  '[&_strong]:font-semibold [&_strong]:text-stone-900',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-primary-focus',
].join(' ');

/**
 * Text in the shop's rich text (common/rich-text.ts) as HTML. The HTML is made by `richTextToHtml`,
 * which escapes every character typed and keeps only safe links: nothing in it can run.
 */
export function RichTextView({ source, className = '' }: { source: string; className?: string }) {
  const html = useMemo(() => richTextToHtml(source), [source]);
  return <div className={`${writing} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
