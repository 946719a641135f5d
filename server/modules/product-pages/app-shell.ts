import fs from 'node:fs';
import path from 'node:path';
import { renderedStateId, type RenderedPage } from '../../../common/rendered-page.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { jsonForScript } from './html-text.ts';

/** What a page's <head> says of it: its title, its description (the app's own without one), and tags of its own (already HTML). */
export interface PageHead {
  title: string;
  description?: string;
  /** Further tags: canonical address, Open Graph, structured data. */
  tags: string;
}

const ownTitle = /<title>[\s\S]*?<\/title>/i;
const ownDescription = /<meta\s+name="description"[^>]*>\s*/i;

export interface AppShell {
  /**
   * The built index.html with this page's title, description and tags in its head (the app's own
   * without one), and the page rendered on the server inside #root when there is one (ADR 024).
   */
  page(head: PageHead | undefined, rendered: RenderedPage | undefined): string;
}

const emptyRoot = '<div id="root"></div>';

/** The rendered markup in #root, its answers beside it, and its hoisted tags at the end of the head. */
function withRendered(page: string, { head, body, state }: RenderedPage): string {
  const root = `<div id="root">${body}</div><script type="application/json" id="${renderedStateId}">${jsonForScript(state)}</script>`;
  return page.replace('</head>', () => `${head}</head>`).replace(emptyRoot, () => root);
}

/**
 * The built web app's index.html, read once at start (it changes only with a new build, which comes
 * with a restart), to send with a head written on the server: search engines and link previews read
 * the page's title, description and tags without running the app. Undefined when the web app is not built.
 */
export function loadAppShell(webRoot: string): AppShell | undefined {
  const file = path.join(webRoot, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  const template = fs.readFileSync(file, 'utf8');
  // Functions, not strings, as replacements below: a "$&" in a product's name stays as it is.
  function withHead({ title, description, tags }: PageHead): string {
    let page = template.replace(ownTitle, () => '<!--page-head-->');
    if (description !== undefined) page = page.replace(ownDescription, '');
    const head = [`<title>${escapeHtml(title)}</title>`, ...(description === undefined ? [] : [`<meta name="description" content="${escapeHtml(description)}" />`]), tags].join(
      '\n',
    );
    if (page.includes('<!--page-head-->')) return page.replace('<!--page-head-->', () => head);
    // A page without a title of its own: the head goes where the head ends (implied after the doctype).
    const headEnd = /<\/head>/i.exec(page)?.index ?? /^<!doctype html>/i.exec(page)?.[0].length ?? 0;
    return page.slice(0, headEnd) + head + page.slice(headEnd);
  }
  return {
    page(head, rendered) {
      const page = head ? withHead(head) : template;
      return rendered ? withRendered(page, rendered) : page;
    },
  };
}
