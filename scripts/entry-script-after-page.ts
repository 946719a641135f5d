import type { Plugin } from 'vite';

const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Moves the built page's entry script from the head to the end of the body, as an async module, and
 * asks for it and the modules it preloads at low priority. A page rendered on the server (ADR 024) is
 * painted from its markup and stylesheet alone: its scripts, which make it interactive, then load after
 * the stylesheet and the largest picture instead of ahead of them, and a browser (and Lighthouse's
 * model of one) does not hold the first paint for them. At the end of the body the entry runs only
 * after #root and the page's answers are parsed.
 */
export function entryScriptAfterPage(): Plugin {
  return {
    name: 'joinery:entry-script-after-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const found = entryScript.exec(html);
        if (!found) throw new Error('The built page has no entry script to move.');
        return html
          .replace(found[0], '')
          .replace(modulePreload, (_tag, href: string) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`)
          .replace('</body>', () => `  <script type="module" async crossorigin fetchpriority="low" src="${found[1]}"></script>\n  </body>`);
      },
    },
  };
}
