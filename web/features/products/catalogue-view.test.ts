import { describe, expect, it } from 'vitest';
import { catalogueQuery, effectiveSort, filterSummary, readCatalogueView } from './catalogue-view.ts';

const read = (search: string) => readCatalogueView(new URLSearchParams(search));

describe('readCatalogueView', () => {
  it('reads every filter the address keeps', () => {
    expect(read('q=dovetail&category=saws&minPrice=20&maxPrice=149.5&sort=price_asc&page=2')).toEqual({
      q: 'dovetail',
      category: 'saws',
      minPrice: 20,
      maxPrice: 149.5,
      sort: 'price_asc',
      page: 2,
    });
  });

  it('leaves out what a hand-typed address gets wrong, rather than failing', () => {
    expect(read('category=Lathes%20and%20more&minPrice=cheap&maxPrice=-3&sort=cheapest&page=-4')).toEqual({
      q: '',
      category: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      sort: undefined,
      page: 1,
    });
    expect(read('minPrice=1.005&maxPrice=2000000').minPrice).toBeUndefined();
    expect(read('minPrice=1.005&maxPrice=2000000').maxPrice).toBeUndefined();
    expect(read('category=Saws').category).toBeUndefined();
  });

  it('turns a range typed the wrong way round', () => {
    expect(read('minPrice=80&maxPrice=20')).toMatchObject({ minPrice: 20, maxPrice: 80 });
  });

  it('cuts a search longer than the box takes', () => {
    expect(read(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('orders a search by best match, and the rest newest first, unless a sort was chosen', () => {
    expect(effectiveSort(read('q=saw'))).toBe('relevance');
    expect(effectiveSort(read(''))).toBe('newest');
    expect(effectiveSort(read('sort=relevance'))).toBe('newest');
    expect(effectiveSort(read('q=saw&sort=price_desc'))).toBe('price_desc');
  });
});

describe('catalogueQuery', () => {
  it('asks the API for the page of the view, with no sort unless one was chosen', () => {
    expect(catalogueQuery(read('q=%20saw%20&category=saws&maxPrice=60&page=3'), 12)).toEqual({
      q: 'saw',
      category: 'saws',
      minPrice: undefined,
      maxPrice: 60,
      sort: undefined,
      limit: 12,
      offset: 24,
    });
  });
});

describe('filterSummary', () => {
  const names: Record<string, string> = { saws: 'Saws' };
  const categoryName = (slug: string) => names[slug] ?? slug;

  it('says what narrows the list', () => {
    expect(filterSummary(read('q=dovetail&category=saws&minPrice=20&maxPrice=60'), categoryName)).toBe('in Saws priced $20.00–$60.00 matching “dovetail”');
    expect(filterSummary(read('minPrice=20'), categoryName)).toBe('priced from $20.00');
    expect(filterSummary(read('maxPrice=60'), categoryName)).toBe('priced up to $60.00');
    expect(filterSummary(read(''), categoryName)).toBe('');
  });
});
