import { describe, expect, it } from 'vitest';
import { productPageDescription, ratingSentence, ratingSummary } from './product-page.ts';

describe('productPageDescription', () => {
  it('keeps a short description as it is, in one line', () => {
    expect(productPageDescription('A plane.\n  Sharp  and true.')).toBe('A plane. Sharp and true.');
  });

  it('cuts a long one at a word, within 160 characters, and says so with an ellipsis', () => {
    const long = 'Forged from O1 tool steel, hardened to 61 HRC, lapped flat. '.repeat(5);
    const cut = productPageDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    // At a word: what comes next in the full text is a space or punctuation, never the rest of a word.
    expect(long[cut.length - 1]).toMatch(/[\s,.]/);
  });
});

describe('ratingSummary', () => {
  it('averages to one decimal, and has no average without reviews', () => {
    expect(ratingSummary(27, 7)).toEqual({ count: 7, average: 3.9 });
    expect(ratingSummary(9, 2)).toEqual({ count: 2, average: 4.5 });
    expect(ratingSummary(0, 0)).toEqual({ count: 0, average: null });
  });

  it('reads as a sentence', () => {
    expect(ratingSentence({ count: 7, average: 3.9 })).toBe('3.9 out of 5 from 7 reviews');
    expect(ratingSentence({ count: 1, average: 5 })).toBe('5.0 out of 5 from 1 review');
    expect(ratingSentence({ count: 0, average: null })).toBe('No reviews yet');
  });
});
