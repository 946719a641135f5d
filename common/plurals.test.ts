import { describe, expect, it } from 'vitest';
import { countOf, pieces } from './plurals.ts';

describe('counts in English', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect([0, 1, 2, 12].map(pieces)).toEqual(['0 pieces', '1 piece', '2 pieces', '12 pieces']);
    expect(countOf(1, 'subscriber')).toBe('1 subscriber');
    expect(countOf(1_000, 'subscriber')).toBe('1000 subscribers');
    expect(countOf(2, 'box', 'boxes')).toBe('2 boxes');
  });
});
