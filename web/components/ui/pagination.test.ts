import { describe, expect, it } from 'vitest';
import { visiblePages } from './pagination.tsx';

describe('visiblePages', () => {
  it('shows every page of a short list', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first, the last and the neighbours of the current page of a long list, with gaps', () => {
    expect(visiblePages(1, 5000)).toEqual([1, 2, null, 5000]);
    expect(visiblePages(2500, 5000)).toEqual([1, null, 2499, 2500, 2501, null, 5000]);
    expect(visiblePages(5000, 5000)).toEqual([1, null, 4999, 5000]);
  });

  it('shows a single left-out page rather than a gap in its place', () => {
    expect(visiblePages(4, 9)).toEqual([1, 2, 3, 4, 5, null, 9]);
  });
});
