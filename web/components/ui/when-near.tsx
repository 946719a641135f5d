import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

interface WhenNearProps {
  /** What to show once the place comes near the screen: typically a `lazy()` component. */
  children: ReactNode;
  /**
   * The room the content will take, kept while it loads so that nothing below it moves: a min-height
   * class (a style attribute would be refused by the Content-Security-Policy in a page rendered on the server).
   */
  minHeightClass: string;
  /** How far below (or above) the screen the place may be when loading starts. */
  margin?: string;
}

/**
 * Shows its children only once their place comes within `margin` of the screen, so that the code of a
 * form at the foot of a page (the newsletter box, the contact form, with the form library and the
 * shared rules they bring) stays out of the page's first load. A visitor who scrolls or tabs down
 * starts loading it well before it is reached.
 */
export function WhenNear({ children, minHeightClass, margin = '600px' }: WhenNearProps) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  const placeholder = <div ref={place} className={minHeightClass} aria-busy="true" />;
  return near ? <Suspense fallback={<div className={minHeightClass} aria-busy="true" />}>{children}</Suspense> : placeholder;
}
