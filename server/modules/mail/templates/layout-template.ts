/**
 * The e-mail layout's one kind of template: text with slots, `{{name}}`, and blocks,
 * `{{#name}}…{{/name}}`, shown once for each of their instances (none leaves a block out). The same
 * template is filled before MJML (a message's document, as the tests compare) and after it (the
 * compiled layout, as every message is sent): MJML passes the marks through as text.
 */

type Piece = string | { slot: string } | { block: string; pieces: Piece[] };

/** What fills a template: each slot's text, each block's instances with the slots inside it (a block sees only its own). */
export interface Slots {
  [name: string]: string | Slots[];
}

/** A template cut into its pieces once, to be filled many times. */
export type Template = readonly Piece[];

const mark = /\{\{([#/]?)([A-Za-z]+)\}\}/g;

export function parseTemplate(source: string): Template {
  const open: Array<{ block: string; pieces: Piece[] }> = [{ block: '', pieces: [] }];
  let at = 0;
  for (const match of source.matchAll(mark)) {
    const [, kind, name = ''] = match;
    const current = open[open.length - 1]!;
    if (match.index > at) current.pieces.push(source.slice(at, match.index));
    at = match.index + match[0].length;
    if (kind === '#') {
      const block = { block: name, pieces: [] };
      current.pieces.push(block);
      open.push(block);
    } else if (kind === '/') {
      if (open.length === 1 || current.block !== name) throw new Error(`E-mail layout: {{/${name}}} closes no {{#${name}}}`);
      open.pop();
    } else {
      current.pieces.push({ slot: name });
    }
  }
  if (open.length > 1) throw new Error(`E-mail layout: {{#${open[open.length - 1]!.block}}} is never closed`);
  const whole = open[0]!;
  if (at < source.length) whole.pieces.push(source.slice(at));
  return whole.pieces;
}

/** The template with its slots and blocks filled: values go in as they are (escaping is the caller's), never read as marks. */
export function fillTemplate(template: Template, slots: Slots): string {
  let filled = '';
  for (const piece of template) {
    if (typeof piece === 'string') {
      filled += piece;
    } else if ('slot' in piece) {
      const value = slots[piece.slot];
      if (typeof value !== 'string') throw new Error(`E-mail layout: no text for {{${piece.slot}}}`);
      filled += value;
    } else {
      const instances = slots[piece.block];
      if (!Array.isArray(instances)) throw new Error(`E-mail layout: no instances for {{#${piece.block}}}`);
      for (const instance of instances) filled += fillTemplate(piece.pieces, instance);
    }
  }
  return filled;
}
