import { useEffect } from 'react';

/** What the page's head says before any page sets its own: the shop, as index.html has it. */
const shopTitle = 'Joinery · Carpentry tools made to last';
const shopDescription = 'Joinery makes chisels, planes, saws and marking tools for woodworkers, and has done so for about 30 years.';

/**
 * The page's title in the browser tab, history and bookmarks, and its description for search engines
 * and link previews. Both change index.html's own tags in place, so that a page never carries two
 * (a second <title> would lose to the first).
 */
export function PageMeta({ title, description = shopDescription }: { title?: string; description?: string }) {
  useEffect(() => {
    document.title = title ? `${title} · Joinery` : shopTitle;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
