/**
 * The shop's own writing (its pages, its newsletters): a small part of Markdown that an owner can type
 * without a toolbar and that renders the same in a page, an e-mail and the editor's preview. It knows
 * headings (`## `, `### `), paragraphs, lists (`- `, `1. `), `**bold**`, links `[text](address)` and,
 * on a line of its own, `[[product:slug]]` for a product from the catalogue. Everything else is text:
 * the HTML it makes is escaped throughout, so nothing an editor types can run in a reader's browser.
 */

import { escapeHtml } from './escape-html.ts';

export type RichInline = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; href: string };

export type RichBlock =
  | { kind: 'heading'; level: 2 | 3; inline: RichInline[] }
  | { kind: 'paragraph'; inline: RichInline[] }
  | { kind: 'list'; ordered: boolean; items: RichInline[][] }
  | { kind: 'product'; slug: string };

export const richTextMessages = {
  link: 'A link must start with https://, http://, mailto: or /',
  product: 'A product line reads [[product:its-address]], with the address from the product’s page',
} as const;

const productLine = /^\[\[product:([^\]]*)\]\]$/;
const productSlug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const headingLine = /^(#{2,3}) +(.+)$/;
const bulletLine = /^[-*] +(.+)$/;
const numberedLine = /^\d{1,3}[.)] +(.+)$/;
/** `**bold**` or `[text](address)`, in the order they come. */
const inlineMark = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^)\s]*)\)/g;

/** An address a reader may follow: the web, e-mail, or a page of the shop (never `javascript:` or `data:`). */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s]*)$/i.test(href);
}

function parseInline(text: string): RichInline[] {
  const inline: RichInline[] = [];
  let at = 0;
  for (const match of text.matchAll(inlineMark)) {
    if (match.index > at) inline.push({ kind: 'text', text: text.slice(at, match.index) });
    if (match[1] !== undefined) inline.push({ kind: 'bold', text: match[1] });
    else inline.push({ kind: 'link', text: match[2] ?? '', href: match[3] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < text.length) inline.push({ kind: 'text', text: text.slice(at) });
  return inline;
}

interface ListDraft {
  ordered: boolean;
  items: RichInline[][];
}

/** The blocks of a text: blank lines end a paragraph or a list; a heading or a product line stands alone. */
export function parseRichText(source: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  let list = null as ListDraft | null;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', inline: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: 'list', ...list });
    list = null;
  };
  for (const rawLine of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    const heading = headingLine.exec(line);
    const product = productLine.exec(line);
    const bullet = bulletLine.exec(line);
    const numbered = numberedLine.exec(line);
    if (line === '') {
      endParagraph();
      endList();
    } else if (heading) {
      endParagraph();
      endList();
      blocks.push({ kind: 'heading', level: heading[1] === '##' ? 2 : 3, inline: parseInline(heading[2] ?? '') });
    } else if (product) {
      endParagraph();
      endList();
      blocks.push({ kind: 'product', slug: (product[1] ?? '').trim() });
    } else if (bullet || numbered) {
      endParagraph();
      const ordered = numbered !== null;
      let current = list;
      if (current === null || current.ordered !== ordered) {
        endList();
        current = { ordered, items: [] };
        list = current;
      }
      current.items.push(parseInline((bullet ?? numbered)?.[1] ?? ''));
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** What is wrong with a text, in words for its editor: unsafe links and malformed product lines. */
export function richTextProblems(source: string): string[] {
  const problems = new Set<string>();
  for (const block of parseRichText(source)) {
    if (block.kind === 'product' && !productSlug.test(block.slug)) problems.add(richTextMessages.product);
    for (const inline of inlinesOf(block)) {
      if (inline.kind === 'link' && !isSafeHref(inline.href)) problems.add(richTextMessages.link);
    }
  }
  return [...problems];
}

/** The product addresses a text names, in order, each once. */
export function productSlugsOf(source: string): string[] {
  return [...new Set(parseRichText(source).flatMap((block) => (block.kind === 'product' ? [block.slug] : [])))];
}

function inlinesOf(block: RichBlock): RichInline[] {
  if (block.kind === 'list') return block.items.flat();
  return block.kind === 'product' ? [] : block.inline;
}

export interface RichTextHtmlOptions {
  /** The HTML of a product's card, already safe; a product it does not know is left out. */
  product?: (slug: string) => string | undefined;
  /** Turns a shop path (`/pages/terms`) into the address to print, e.g. absolute for an e-mail. */
  address?: (href: string) => string;
}

function inlineHtml(inline: RichInline[], options: RichTextHtmlOptions): string {
  return inline
    .map((part) => {
      if (part.kind === 'text') return escapeHtml(part.text);
      if (part.kind === 'bold') return `<strong>${escapeHtml(part.text)}</strong>`;
      if (!isSafeHref(part.href)) return escapeHtml(part.text);
      const href = part.href.startsWith('/') && options.address ? options.address(part.href) : part.href;
      return `<a href="${escapeHtml(href)}">${escapeHtml(part.text)}</a>`;
    })
    .join('');
}

/** The text as HTML: headings from `<h2>`, and every character the editor typed escaped. */
export function richTextToHtml(source: string, options: RichTextHtmlOptions = {}): string {
  return parseRichText(source)
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return `<h${block.level}>${inlineHtml(block.inline, options)}</h${block.level}>`;
        case 'paragraph':
          return `<p>${inlineHtml(block.inline, options)}</p>`;
        case 'list': {
          const tag = block.ordered ? 'ol' : 'ul';
          return `<${tag}>${block.items.map((item) => `<li>${inlineHtml(item, options)}</li>`).join('')}</${tag}>`;
        }
        case 'product':
          return options.product?.(block.slug) ?? '';
      }
    })
    .filter((html) => html !== '')
    .join('\n');
}

export interface RichTextPlainOptions {
  /** A product's lines in plain text (name, price, address); a product it does not know is left out. */
  product?: (slug: string) => string | undefined;
  address?: (href: string) => string;
}

function inlineText(inline: RichInline[], options: RichTextPlainOptions): string {
  return inline
    .map((part) => {
      if (part.kind !== 'link') return part.text;
      if (!isSafeHref(part.href)) return part.text;
      const href = part.href.startsWith('/') && options.address ? options.address(part.href) : part.href;
      return href === part.text ? href : `${part.text} (${href})`;
    })
    .join('');
}

/** The text for an e-mail's plain part: headings underlined, lists with their marks, links spelled out. */
export function richTextToPlainText(source: string, options: RichTextPlainOptions = {}): string {
  return parseRichText(source)
    .map((block) => {
      switch (block.kind) {
        case 'heading': {
          const text = inlineText(block.inline, options);
          return `${text}\n${(block.level === 2 ? '=' : '-').repeat(Math.min(text.length, 60))}`;
        }
        case 'paragraph':
          return inlineText(block.inline, options);
        case 'list':
          return block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : '-'} ${inlineText(item, options)}`).join('\n');
        case 'product':
          return options.product?.(block.slug) ?? '';
      }
    })
    .filter((text) => text !== '')
    .join('\n\n');
}
