import { productSorts, type ProductSort } from '../../../common/catalogue.ts';
import { formatUsd } from '../../../common/money.ts';
import { priceBoundSchema } from '../../../common/schemas/catalogue-filters.ts';
import { categorySlugPattern, type ProductListQuery } from '../../../common/schemas/products.ts';
import { productLimits } from '../../../common/shop-management.ts';
import { readPage } from './last-page.ts';

/** What the catalogue page shows, as its address keeps it: `?q=&category=&minPrice=&maxPrice=&sort=&page=`. */
export interface CatalogueView {
  q: string;
  /** A category's slug as the address gives it; the page leaves out one the shop does not keep. */
  category: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** Only a sort that was chosen; without one, a search shows the best matches first and the rest the newest. */
  sort: ProductSort | undefined;
  page: number;
}

function readPrice(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const parsed = priceBoundSchema.safeParse(Number(text));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The view an address asks for. A hand-typed or outdated address never makes an error page: a value
 * that cannot be used is left out (a malformed category, a price that is not one), a search longer
 * than the box takes is cut to it, and a range typed the wrong way round is turned round.
 */
export function readCatalogueView(params: URLSearchParams): CatalogueView {
  const q = (params.get('q') ?? '').slice(0, productLimits.search);
  const category = params.get('category');
  let minPrice = readPrice(params.get('minPrice'));
  let maxPrice = readPrice(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const sort = productSorts.find((option) => option === params.get('sort'));
  return {
    q,
    category: category !== null && categorySlugPattern.test(category) ? category : undefined,
    minPrice,
    maxPrice,
    // Best match means nothing without a search.
    sort: sort === 'relevance' && !q.trim() ? undefined : sort,
    page: readPage(params.get('page')),
  };
}

/** The order the list is in: the chosen one, or the default for a search or for browsing. */
export function effectiveSort(view: Pick<CatalogueView, 'q' | 'sort'>): ProductSort {
  return view.sort ?? (view.q.trim() ? 'relevance' : 'newest');
}

/** The API query for a page of this view. */
export function catalogueQuery(view: CatalogueView, pageSize: number): Partial<ProductListQuery> {
  return {
    q: view.q.trim() || undefined,
    category: view.category,
    minPrice: view.minPrice,
    maxPrice: view.maxPrice,
    sort: view.sort,
    limit: pageSize,
    offset: (view.page - 1) * pageSize,
  };
}

/** Whether anything narrows the list (a search, a category or a price). */
export function isFiltered(view: CatalogueView): boolean {
  return Boolean(view.q.trim() || view.category || view.minPrice !== undefined || view.maxPrice !== undefined);
}

/** A price range as people read it: "$20.00–$60.00", "from $20.00", "up to $60.00". */
export function priceRangeText(minPrice: number | undefined, maxPrice: number | undefined): string | undefined {
  if (minPrice !== undefined && maxPrice !== undefined) return `${formatUsd(minPrice)}–${formatUsd(maxPrice)}`;
  if (minPrice !== undefined) return `from ${formatUsd(minPrice)}`;
  if (maxPrice !== undefined) return `up to ${formatUsd(maxPrice)}`;
  return undefined;
}

/** What narrows the list, in words: "in Saws priced $20.00–$60.00 matching “dovetail”" (empty when nothing does); `categoryName` names a category by its slug. */
export function filterSummary(view: CatalogueView, categoryName: (slug: string) => string): string {
  const price = priceRangeText(view.minPrice, view.maxPrice);
  const q = view.q.trim();
  return [view.category && `in ${categoryName(view.category)}`, price && `priced ${price}`, q && `matching “${q}”`].filter(Boolean).join(' ');
}
