import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** Far beyond any real catalogue, and small enough that its offset stays a whole number the API takes. */
const highestPage = 100_000;

/** The `?page=` of an address: a whole number from 1, whatever was typed or linked. */
export function readPage(value: string | null): number {
  return Math.min(highestPage, Math.max(1, Number.parseInt(value ?? '1', 10) || 1));
}

interface PageQuery {
  data?: { items: unknown[]; total: number } | undefined;
  isPlaceholderData: boolean;
}

/**
 * An address with a page past the end (an old link, a catalogue that has shrunk, a typed ?page=999) is
 * moved to the last page, replacing it in the history, as soon as the answer says how many there are.
 * True while that happens, so that the page shows its loading state rather than "nothing here".
 */
export function useLastPageWhenPastTheEnd(query: PageQuery, pageSize: number): boolean {
  const [params, setParams] = useSearchParams();
  // An empty page of a list that has items can only be a page past its end.
  const pastTheEnd = query.data !== undefined && query.data.items.length === 0 && query.data.total > 0;
  const lastPage = query.data && !query.isPlaceholderData && pastTheEnd ? Math.ceil(query.data.total / pageSize) : null;

  useEffect(() => {
    if (lastPage === null) return;
    const next = new URLSearchParams(params);
    if (lastPage > 1) next.set('page', String(lastPage));
    else next.delete('page');
    setParams(next, { replace: true });
  }, [lastPage, params, setParams]);

  return pastTheEnd;
}
