import { EmptyState, ErrorState } from '../../components/ui/query-states.tsx';
import { useProductList } from '../../features/products/api/product-queries.ts';
import { ProductCard, ProductCardSkeleton } from '../../features/products/components/product-card.tsx';

const newestCount = 6;

function NewestTools() {
  const products = useProductList({ limit: newestCount, sort: 'newest' });
  return (
    <section id="tools" aria-labelledby="tools-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:px-8">
      <div className="mb-10 max-w-2xl">
        <p className="text-xs font-semibold uppercase tracking-widest text-primary">New from the workshop</p>
        <h2 id="tools-heading" className="font-display mt-2 text-3xl font-semibold tracking-tight text-stone-900">
          Our manufactured tools
        </h2>
      </div>
      {products.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading tools">
          {Array.from({ length: newestCount }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : products.isError ? (
        <ErrorState title="We could not load our tools." error={products.error} onRetry={() => void products.refetch()} />
      ) : products.data.items.length === 0 ? (
        <EmptyState title="No tools in the catalogue yet.">New tools appear here as soon as the workshop adds them.</EmptyState>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.data.items.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
      )}
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden bg-stone-900 text-stone-100">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-amber-400">Tool makers since the 1990s</p>
          <h1 className="font-display mt-4 max-w-3xl text-4xl font-semibold leading-tight tracking-tight sm:text-6xl">
            Tools that hold an edge, and hold their value.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone-300">
            We have made chisels, planes, saws and marking tools for about 30 years: hardened steel, seasoned hardwood
            and a workshop that still sharpens every blade by hand.
          </p>
          <a href="#tools" className="btn btn-primary btn-lg mt-10">
            See Collection
          </a>
        </div>
      </section>
      <NewestTools />
    </>
  );
}
