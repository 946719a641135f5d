/**
 * Newer and older page buttons for a list read by keyset (ADR 021), with where we are. The list can
 * only step to a page beside the one shown, or back to the first; hidden when everything fits on one.
 */
export function CursorPagination({
  page,
  pageCount,
  hasOlder,
  onNewer,
  onOlder,
  onNewest,
  label,
}: {
  page: number;
  /** Undefined when the total was capped: how many pages there are is not known. */
  pageCount: number | undefined;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
  onNewest: () => void;
  label: string;
}) {
  if (page <= 1 && !hasOlder) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {page > 2 && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onNewest}>
          ⇤ Newest
        </button>
      )}
      <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={onNewer}>
        ← Newer
      </button>
      <span className="px-2 text-sm text-stone-600" aria-current="page">
        Page {page}
        {pageCount === undefined ? '' : ` of ${pageCount}`}
      </span>
      <button type="button" className="btn btn-outline btn-sm" disabled={!hasOlder} onClick={onOlder}>
        Older →
      </button>
    </nav>
  );
}
