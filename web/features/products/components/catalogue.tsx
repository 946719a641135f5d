import { useNavigate, useSearchParams } from 'react-router';
import { categoryPageDescription, categoryPagePath } from '../../../../common/categories.ts';
import { productSorts, type ProductSort } from '../../../../common/catalogue.ts';
import { publicPageHead } from '../../../../common/page-titles.ts';
import type { Category } from '../../../../common/schemas/categories.ts';
import { productLimits } from '../../../../common/shop-management.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { useCategories } from '../../categories/api/category-queries.ts';
import { useProductList } from '../api/product-queries.ts';
import { catalogueQuery, effectiveSort, filterSummary, isFiltered, readCatalogueView } from '../catalogue-view.ts';
import { useLastPageWhenPastTheEnd } from '../last-page.ts';
import { CategoryFilter } from './category-filter.tsx';
import { PriceRangeForm } from './price-range-form.tsx';
import { ProductGrid } from './product-grid.tsx';

const pageSize = 12;
/** The grid's first row on a wide screen: the pictures the page opens on. */
const firstRow = 3;
const sortLabels: Record<ProductSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

type Changes = Record<string, string | undefined>;

/**
 * The catalogue: searched by words in a tool's name or description, narrowed by category and price,
 * sorted, a page at a time. The address keeps the view (?q=&category=&minPrice=&maxPrice=&sort=&page=),
 * so it survives a reload, Back and Forward restore it, and it can be shared. On a category's page
 * (`inCategory`) the category is the address's own, and the category links lead to the other categories' pages.
 */
export function Catalogue({ inCategory }: { inCategory?: Category }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const categories = useCategories();
  const categoryName = (slug: string) => categories.data?.find((known) => known.slug === slug)?.name ?? slug;
  const asked = readCatalogueView(params);
  // A category the shop does not keep (an old link) is left out once the categories are known.
  const askedCategory = categories.data && !categories.data.some((known) => known.slug === asked.category) ? undefined : asked.category;
  const view = { ...asked, category: inCategory?.slug ?? askedCategory };
  const { q, category, page } = view;
  const { search, type, clear } = useAddressSearch(q, (words) => update({ q: words, page: undefined }, true));

  /** The address with `changes`, back on the first page; what is typed in the box goes along, even before its pause is over. */
  function addressWith(changes: Changes): URLSearchParams {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ q: search.trim(), page: undefined, ...changes })) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return next;
  }

  function update(changes: Changes, replace = false) {
    setParams(addressWith(changes), { replace, preventScrollReset: true });
  }

  function clearFilters() {
    clear();
    if (inCategory) void navigate('/products');
    else update({ q: undefined, category: undefined, minPrice: undefined, maxPrice: undefined });
  }

  /** A category's link: on a category's page another category's page, in the catalogue the same page narrowed; the search and prices go along. */
  function linkTo(slug: string | undefined): string {
    if (!inCategory) return `?${addressWith({ category: slug }).toString()}`;
    const query = addressWith({ category: undefined }).toString();
    return `${slug ? categoryPagePath(slug) : '/products'}${query ? `?${query}` : ''}`;
  }

  const products = useProductList(catalogueQuery(view, pageSize), { keepPrevious: true });
  const pastTheEnd = useLastPageWhenPastTheEnd(products, pageSize);
  const total = products.data?.total ?? 0;
  const pageCount = Math.ceil(total / pageSize);
  const filtered = isFiltered(view);
  const summary = filterSummary(view, categoryName);
  const searching = Boolean(q.trim());
  const sort = effectiveSort(view);
  // "in Saws priced $20.00–$60.00": the filters besides the search, for the empty list's title.
  const narrowed = filterSummary({ ...view, q: '' }, categoryName);
  const emptyTitle = searching ? `No tools match “${q.trim()}”${narrowed ? ` ${narrowed}` : ''}.` : filtered ? `No tools ${narrowed}.` : 'There are no tools on this page.';
  const loosenings = [
    searching && 'fewer or shorter words',
    category && 'another category',
    (view.minPrice !== undefined || view.maxPrice !== undefined) && 'a wider price range',
  ].filter((hint) => typeof hint === 'string');

  return (
    <PageShell
      eyebrow={inCategory?.parentSlug ? categoryName(inCategory.parentSlug) : 'Catalogue'}
      title={category ? categoryName(category) : 'All our tools'}
      intro={inCategory?.description || 'Every tool we make, with its price per unit and the smallest order we take.'}
      description={inCategory ? categoryPageDescription(inCategory) : publicPageHead('/products')?.description}
    >
      <section aria-label="Find tools" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-4 sm:p-5">
        <form role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => event.preventDefault()}>
          <label className="flex-1">
            <span className="mb-1.5 block text-sm font-medium text-stone-800">Search tools</span>
            <input
              type="search"
              className="input w-full"
              placeholder="Chisel, dovetail, walnut…"
              maxLength={productLimits.search}
              value={search}
              onChange={(event) => type(event.target.value)}
            />
          </label>
          <label>
            <span className="mb-1.5 block text-sm font-medium text-stone-800">Sort</span>
            <select
              className="select w-full sm:w-56"
              value={sort}
              onChange={(event) => {
                // The default for what is shown (best match for a search, newest otherwise) stays out of the address.
                const chosen = event.target.value;
                update({ sort: chosen === (searching ? 'relevance' : 'newest') ? undefined : chosen });
              }}
            >
              {productSorts
                .filter((option) => option !== 'relevance' || searching)
                .map((option) => (
                  <option key={option} value={option}>
                    {sortLabels[option]}
                  </option>
                ))}
            </select>
          </label>
        </form>
        <div className="space-y-2">
          <h2 className="text-sm font-medium text-stone-800">Category</h2>
          {categories.isError ? (
            <p className="text-sm text-stone-600">The categories could not be loaded.</p>
          ) : (
            <CategoryFilter categories={categories.data ?? []} category={category} linkTo={linkTo} />
          )}
        </div>
        <PriceRangeForm
          minPrice={view.minPrice}
          maxPrice={view.maxPrice}
          onApply={(range) => update({ minPrice: range.minPrice?.toString(), maxPrice: range.maxPrice?.toString() })}
        />
      </section>

      <div className="space-y-5">
        <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
          {/* With nothing found the empty state below says so; this line only announces it. */}
          <p className={`text-sm text-stone-600 ${total === 0 ? 'sr-only' : ''}`} aria-live="polite">
            {products.data &&
              !pastTheEnd &&
              (total === 0 ? 'No tools found.' : `${total} ${total === 1 ? 'tool' : 'tools'}${summary ? ` ${summary}` : ''}, page ${page} of ${pageCount}`)}
          </p>
          {filtered && total > 0 && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={clearFilters}>
              Clear all filters
            </button>
          )}
        </div>

        {products.isError ? (
          <ErrorState title="We could not load the catalogue." error={products.error} onRetry={() => void products.refetch()} />
        ) : products.data?.items.length === 0 && !pastTheEnd ? (
          <EmptyState title={emptyTitle}>
            {filtered && <p>Try {loosenings.join(', ').replace(/, ([^,]*)$/, ' or $1')}.</p>}
            <button type="button" className="btn btn-sm btn-outline mt-3" onClick={clearFilters}>
              Show all tools
            </button>
          </EmptyState>
        ) : (
          <div className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <h2 className="sr-only">Tools</h2>
            <ProductGrid products={pastTheEnd ? undefined : products.data?.items} placeholders={pageSize} eagerImages={firstRow} />
          </div>
        )}
      </div>

      <Pagination label="Catalogue pages" page={page} pageCount={pageCount} onPage={(next) => setParams(addressWith({ q, page: next > 1 ? String(next) : undefined }))} />
    </PageShell>
  );
}
