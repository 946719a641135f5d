import { listCursor } from '../../../common/pagination.ts';
import { EmptyState } from './query-states.tsx';

/** Which page of a keyset list is shown, and the cursor that reads it (none for the first). */
export interface KeysetPlace {
  page: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** The first page: what any new filter or search shows. */
export const newestPage: KeysetPlace = { page: 1 };

/**
 * Newer and older page buttons for a list read by keyset (ADR 021), with where we are. The list can
 * only step to a page beside the one shown, or back to the first: the page older than this one is
 * read after its last item, the newer one before its first. The page number is only for showing.
 * Hidden when everything fits on one page.
 */
export function CursorPagination({
  place,
  items,
  pageSize,
  pageCount,
  onPlace,
  label,
}: {
  place: KeysetPlace;
  /** The page shown, newest first. */
  items: { createdAt: string; _id: string }[];
  pageSize: number;
  /** Undefined when the total was capped: how many pages there are is not known. */
  pageCount: number | undefined;
  onPlace: (place: KeysetPlace) => void;
  label: string;
}) {
  const { page } = place;
  // A full page may have older items after it. Only the first page's number is sure (a later one's
  // may come from an old address, or the list may have changed since), so only there does the total
  // say that a full page is the last.
  const hasOlder = items.length === pageSize && (page > 1 || pageCount === undefined || pageCount > 1);
  if (page <= 1 && !hasOlder) return null;
  const older = () => onPlace({ page: page + 1, after: listCursor(items.at(-1)!) });
  const newer = () => onPlace(page <= 2 ? newestPage : { page: page - 1, before: listCursor(items[0]!) });
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {page > 2 && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onPlace(newestPage)}>
          ⇤ Newest
        </button>
      )}
      <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={newer}>
        ← Newer
      </button>
      <span className="px-2 text-sm text-stone-600" aria-current="page">
        Page {page}
        {pageCount === undefined ? '' : ` of ${pageCount}`}
      </span>
      <button type="button" className="btn btn-outline btn-sm" disabled={!hasOlder} onClick={older}>
        Older →
      </button>
    </nav>
  );
}

/**
 * A keyset page that came back empty (its items went since the page before was read): says so, and
 * offers the newest page, the one place sure to have items.
 */
export function EmptyKeysetPage({ noun, onNewest }: { noun: string; onNewest: () => void }) {
  return (
    <EmptyState title={`There are no ${noun} on this page`}>
      <button type="button" className="btn btn-sm btn-outline mt-3" onClick={onNewest}>
        Show the newest {noun}
      </button>
    </EmptyState>
  );
}
