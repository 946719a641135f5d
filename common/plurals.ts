/** A count with its noun, as English reads it: "1 piece", "3 pieces", "0 subscribers". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Pieces of a tool: what an order, a line or a stock counts. */
export const pieces = (count: number) => countOf(count, 'piece');
