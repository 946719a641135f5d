/** The largest page a list call answers. */
export const maxPageSize = 100;

/** The response header that carries a list's total count. */
export const totalCountHeader = 'x-total-count';

/**
 * Present (as `true`) when a search matched more than the shop counts: X-Total-Count then says how
 * many were counted, and there are more. Counting every match of a broad search would read them all.
 */
export const totalCountCappedHeader = 'x-total-count-capped';

/** Where a newest-first list is read from: the created time and id of an item on the page beside it. */
export interface ListPlace {
  createdAt: string;
  id: string;
}

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)_([0-9a-f-]{36})$/;

/** A list cursor (`after` or `before`) for an item: its created time and id, joined by `_`. */
export function listCursor(item: { createdAt: string; _id: string }): string {
  return `${item.createdAt}_${item._id}`;
}

/** The place a cursor names, or undefined when it is not one. */
export function parseListCursor(cursor: string): ListPlace | undefined {
  const match = cursorPattern.exec(cursor);
  return match ? { createdAt: match[1]!, id: match[2]! } : undefined;
}
