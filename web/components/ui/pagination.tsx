/** Pages shown on either side of the current one; the first and the last are always shown. */
const neighbours = 1;

/**
 * The page numbers to show: all of them for a few pages, else the first, the last and those around
 * the current one, with null where a run of pages is left out. A list of 5,000 pages gets 7 buttons.
 */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let number = page - neighbours; number <= page + neighbours; number += 1) if (number >= 1 && number <= pageCount) shown.add(number);
  // A gap of one page is shown as that page rather than as an ellipsis in its place.
  const sorted = [...shown].sort((a, b) => a - b);
  const withGaps: (number | null)[] = [];
  for (const number of sorted) {
    const previous = withGaps.at(-1);
    if (typeof previous === 'number' && number - previous === 2) withGaps.push(previous + 1);
    else if (typeof previous === 'number' && number - previous > 2) withGaps.push(null);
    withGaps.push(number);
  }
  return withGaps;
}

/** Previous and next page buttons with where we are; hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onPage, label }: { page: number; pageCount: number; onPage: (page: number) => void; label: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      <ol className="flex items-center gap-1">
        {visiblePages(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={number}>
              <button
                type="button"
                className={`btn btn-sm btn-square ${number === page ? 'btn-neutral' : 'btn-ghost'}`}
                aria-current={number === page ? 'page' : undefined}
                aria-label={`Page ${number}`}
                onClick={() => onPage(number)}
              >
                {number}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="btn btn-outline btn-sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}
