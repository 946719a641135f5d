import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { productSorts, type ProductSort } from '../../../common/catalogue.ts';
import { productLimits } from '../../../common/shop-management.ts';
import { Pagination } from '../../components/ui/pagination.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { EmptyState, ErrorState } from '../../components/ui/query-states.tsx';
import { useProductList } from '../../features/products/api/product-queries.ts';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';

const pageSize = 12;
const sortLabels: Record<ProductSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

function readSort(value: string | null): ProductSort {
  return productSorts.find((sort) => sort === value) ?? 'newest';
}

/** The whole catalogue: searchable by name, sorted, a page at a time. The address keeps the view, so it can be shared. */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  // A search from a link longer than the box takes is cut to it, as typing would be: never an error.
  const q = (params.get('q') ?? '').slice(0, productLimits.search);
  const sort = readSort(params.get('sort'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);
  // The search this page last put in the address itself, from what was typed.
  const [ownSearch, setOwnSearch] = useState<string | null>(null);
  // When the address changes from outside (back, forward, a link), the search box follows it.
  const [searchedFor, setSearchedFor] = useState(q);
  if (q !== searchedFor) {
    setSearchedFor(q);
    // Our own update carries what was typed a moment ago, and typing may have gone on since: only a
    // change from elsewhere replaces the box, so no keystroke is ever lost.
    if (q !== ownSearch && q !== search.trim()) setSearch(q);
  }

  // Typing searches after a short pause, without a history entry per keystroke.
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => {
      setOwnSearch(search.trim());
      update({ q: search.trim(), page: undefined }, true);
    }, 300);
    return () => clearTimeout(timer);
  });

  function update(changes: Record<string, string | undefined>, replace = false) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace });
  }

  const products = useProductList({ q: q || undefined, sort, limit: pageSize, offset: (page - 1) * pageSize }, { keepPrevious: true });
  const total = products.data?.total ?? 0;
  const pageCount = Math.ceil(total / pageSize);

  return (
    <PageShell
      eyebrow="Catalogue"
      title="All our tools"
      intro="Every tool we make, with its price per unit and the smallest order we take."
      description="Every chisel, plane, saw and marking tool Joinery makes, with its price and the smallest order we take."
    >
      <form role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => event.preventDefault()}>
        <label className="flex-1">
          <span className="mb-1.5 block text-sm font-medium text-stone-800">Search by name</span>
          <input
            type="search"
            className="input w-full"
            placeholder="Chisel, plane, saw…"
            maxLength={productLimits.search}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <label>
          <span className="mb-1.5 block text-sm font-medium text-stone-800">Sort</span>
          <select className="select w-full sm:w-56" value={sort} onChange={(event) => update({ sort: event.target.value === 'newest' ? undefined : event.target.value, page: undefined })}>
            {productSorts.map((option) => (
              <option key={option} value={option}>
                {sortLabels[option]}
              </option>
            ))}
          </select>
        </label>
      </form>

      <p className="text-sm text-stone-600" aria-live="polite">
        {products.data && (total === 0 ? 'No tools found.' : `${total} ${total === 1 ? 'tool' : 'tools'}${q ? ` matching “${q}”` : ''}, page ${page} of ${pageCount}`)}
      </p>

      {products.isError ? (
        <ErrorState title="We could not load the catalogue." error={products.error} onRetry={() => void products.refetch()} />
      ) : products.data?.items.length === 0 ? (
        <EmptyState title={q ? `No tools match “${q}”.` : 'There are no tools on this page.'}>
          <button type="button" className="btn btn-sm btn-outline mt-2" onClick={() => { setSearch(''); update({ q: undefined, page: undefined }); }}>
            Show all tools
          </button>
        </EmptyState>
      ) : (
        <div className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <h2 className="sr-only">Tools</h2>
          <ProductGrid products={products.data?.items} placeholders={pageSize} />
        </div>
      )}

      <Pagination label="Catalogue pages" page={page} pageCount={pageCount} onPage={(next) => update({ page: next > 1 ? String(next) : undefined })} />
    </PageShell>
  );
}
