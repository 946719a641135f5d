import { describe, expect, it } from 'vitest';
import { fts5Query, maxSearchWords, searchWords, tsQuery } from './search-terms.ts';

describe('searchWords', () => {
  it('keeps runs of letters and digits, lower-cased, once each', () => {
    expect(searchWords('Bevel-Edge CHISEL, 19mm chisel')).toEqual(['bevel', 'edge', 'chisel', '19mm']);
    expect(searchWords('Säge für Zinken')).toEqual(['säge', 'für', 'zinken']);
  });

  it('reads every query operator a person might type as a separator or a plain word', () => {
    expect(searchWords('"chisel" OR plane* NEAR(saw) -mallet ^gauge name:knife {b}: \'x\':* & | ! ( )')).toEqual([
      'chisel',
      'plane',
      'near',
      'saw',
      'mallet',
      'gauge',
      'name',
      'knife',
      'b',
      'x',
    ]);
  });

  it('leaves out english stop words, as PostgreSQL does', () => {
    expect(searchWords('the chisel for a dovetail')).toEqual(['chisel', 'dovetail']);
    expect(searchWords('the and of')).toEqual([]);
    expect(searchWords('*** %% __')).toEqual([]);
  });

  it(`keeps at most ${maxSearchWords} words`, () => {
    expect(searchWords('w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12')).toHaveLength(maxSearchWords);
  });
});

describe('the queries built from the words', () => {
  it('ask each database for every word as a prefix', () => {
    expect(fts5Query(['chis', 'set'])).toBe('"chis"* "set"*');
    expect(tsQuery(['chis', 'set'])).toBe("'chis':* & 'set':*");
    expect(tsQuery(['chis'], { weight: 'A' })).toBe("'chis':*A");
  });
});
