import { useEffect } from 'react';
import { documentTitle, publicPageHead, shopDescription } from '../../../common/page-titles.ts';

/**
 * The page's title in the browser tab, history and bookmarks, and its description for search engines
 * and link previews. Both change index.html's own tags in place, so that a page never carries two
 * (a second <title> would lose to the first). Tags the server wrote into the head for the address the
 * app was opened at (a product's canonical address, Open Graph tags, JSON-LD) say which address they
 * describe, and leave once the app shows another.
 */
export function PageMeta({ title, description }: { title?: string; description?: string }) {
  useEffect(() => {
    document.title = documentTitle(title);
    // Without one of its own, the page keeps the description the server wrote for its address (common/page-titles.ts).
    const shown = description ?? publicPageHead(window.location.pathname)?.description ?? shopDescription;
    document.querySelector('meta[name="description"]')?.setAttribute('content', shown);
    for (const tag of document.head.querySelectorAll('[data-page-head]')) {
      if (tag.getAttribute('data-page-head') !== window.location.pathname) tag.remove();
    }
  }, [title, description]);
  return null;
}
