import { useEffect, useState } from 'react';

/** How long typing must pause before the search goes to the address. */
const pauseMs = 300;

/**
 * A search box whose words go to the page's address (`q`) after a short pause, without a history
 * entry per keystroke. The box follows the address when it changes from elsewhere (Back, Forward, a
 * link), but never throws away what is being typed. Only typed words are committed: a cleared search
 * the address has not caught up with yet is never written back over it.
 */
export function useAddressSearch(q: string, commit: (words: string) => void) {
  const [search, setSearch] = useState(q);
  const [typed, setTyped] = useState(false);
  // The search this box last committed: the address bringing it back is no reason to touch the box.
  const [committed, setCommitted] = useState<string | null>(null);
  const [searchedFor, setSearchedFor] = useState(q);
  if (q !== searchedFor) {
    setSearchedFor(q);
    if (q !== committed && q !== search.trim()) setSearch(q);
  }

  useEffect(() => {
    if (!typed || search.trim() === q) return;
    const timer = setTimeout(() => {
      setTyped(false);
      setCommitted(search.trim());
      commit(search.trim());
    }, pauseMs);
    return () => clearTimeout(timer);
  });

  return {
    /** What is in the box: filters set meanwhile take it along, even before its pause is over. */
    search,
    /** The person typed `text`. */
    type: (text: string) => {
      setTyped(true);
      setSearch(text);
    },
    /** The search goes along with a change made now (a filter): nothing is left to commit. */
    taken: () => setTyped(false),
    /** The box is emptied with the filters. */
    clear: () => {
      setTyped(false);
      setSearch('');
    },
  };
}
