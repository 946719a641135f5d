import { useEffect } from 'react';
import { documentTitle } from '../../../common/page-titles.ts';

/** What the page's head says before any page sets its own: the shop, as index.html has it. */
const shopDescription = 'Joinery makes chisels, planes, saws and marking tools for woodworkers, and has done so for about 30 years.';

/**
 * The page's title in the browser tab, history and bookmarks, and its description for search engines
 * and link previews. Both change index.html's own tags in place, so that a page never carries two
 * (a second <title> would lose to the first). Tags the server wrote into the head for the address the
 * app was opened at (a product's canonical address, Open Graph tags, JSON-LD) say which address they
 * describe, and leave once the app shows another.
 */
export function PageMeta({ title, description = shopDescription }: { title?: string; description?: string }) {
  useEffect(() => {
    document.title = documentTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    for (const tag of document.head.querySelectorAll('[data-page-head]')) {
      if (tag.getAttribute('data-page-head') !== window.location.pathname) tag.remove();
    }
  }, [title, description]);
  return null;
}
