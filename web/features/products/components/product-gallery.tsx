import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { PictureImage } from './product-image.tsx';

/** How far a finger must travel sideways, in CSS pixels, for a swipe to change the picture. */
const swipeDistance = 40;

const chevron = { left: 'M12.5 4.5 7 10l5.5 5.5', right: 'M7.5 4.5 13 10l-5.5 5.5' } as const;

function Chevron({ direction }: { direction: keyof typeof chevron }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5 fill-none stroke-current stroke-2">
      <path d={chevron[direction]} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A product's pictures: the chosen one large, the others as thumbnails below. The thumbnails are
 * buttons, one of which is in the tab order (the shown picture's); the arrow keys (and Home and End)
 * move through the pictures from anywhere in the gallery, and a sideways swipe on the large picture
 * does the same on a touch screen. A screen reader hears which picture is shown. `showing` is the
 * picture of the variant chosen: the gallery opens on it, and turns to it when the choice changes.
 */
export function ProductGallery({ name, pictures, showing }: { name: string; pictures: string[]; showing?: string | undefined }) {
  const [shown, setShown] = useState(() => Math.max(0, showing === undefined ? 0 : pictures.indexOf(showing)));
  // The picture of the variant chosen comes to the front when the choice changes; browsing the others stays free.
  const [followed, setFollowed] = useState(showing);
  if (showing !== followed) {
    setFollowed(showing);
    const index = showing === undefined ? -1 : pictures.indexOf(showing);
    if (index >= 0) setShown(index);
  }
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  const swipe = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const count = pictures.length;
  // A list that shrank (an admin removed pictures meanwhile) never leaves the gallery past its end.
  const current = Math.min(shown, count - 1);

  function show(index: number, { focusThumbnail = false } = {}) {
    const next = (index + count) % count;
    setShown(next);
    if (focusThumbnail) thumbnails.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 }[event.key];
    if (target === undefined || count < 2) return;
    event.preventDefault();
    // Focus follows the picture when it was on a thumbnail, so that the keys go on working there.
    show(target, { focusThumbnail: thumbnails.current.includes(event.target as HTMLButtonElement) });
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' || count < 2) return;
    swipe.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // Sideways enough, and more sideways than down: a vertical scroll is left alone.
    if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy)) show(current + (dx < 0 ? 1 : -1));
  }

  const picture = pictures[current] ?? pictures[0]!;
  return (
    <section aria-label={`Pictures of ${name}`} className="space-y-3" onKeyDown={onKeyDown}>
      <div
        className="relative touch-pan-y select-none overflow-hidden rounded-xl border border-base-300 bg-stone-100"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <PictureImage key={picture} src={picture} alt={count > 1 ? `${name}, picture ${current + 1} of ${count}` : name} sizes="(min-width: 1024px) 640px, 100vw" eager />
        {count > 1 && (
          <>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute left-3 top-1/2 -translate-y-1/2 border-base-300 bg-base-100/90 shadow-sm hover:bg-base-100"
              aria-label="Previous picture"
              onClick={() => show(current - 1)}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute right-3 top-1/2 -translate-y-1/2 border-base-300 bg-base-100/90 shadow-sm hover:bg-base-100"
              aria-label="Next picture"
              onClick={() => show(current + 1)}
            >
              <Chevron direction="right" />
            </button>
            <p aria-hidden="true" className="absolute bottom-3 right-3 rounded-full bg-stone-900/75 px-2.5 py-0.5 text-xs font-medium text-stone-50">
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <>
          <p className="sr-only" aria-live="polite">
            Picture {current + 1} of {count}
          </p>
          <div role="group" aria-label="Choose a picture" className="flex gap-2 overflow-x-auto pb-1">
            {pictures.map((thumbnail, index) => (
              <button
                key={thumbnail}
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                type="button"
                tabIndex={index === current ? 0 : -1}
                aria-label={`Show picture ${index + 1} of ${count}`}
                aria-current={index === current ? 'true' : undefined}
                className={`w-20 shrink-0 overflow-hidden rounded-lg border-2 bg-stone-100 transition sm:w-24 ${
                  index === current ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100'
                }`}
                onClick={() => show(index)}
              >
                <PictureImage src={thumbnail} alt="" sizes="96px" className="aspect-[4/3] w-full" />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
