import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { useProductList } from '../../products/api/product-queries.ts';
import { ProductGrid } from '../../products/components/product-grid.tsx';

const newestCount = 6;

/** The six newest products, each with its way to buy it. */
export function NewestTools() {
  const products = useProductList({ limit: newestCount, sort: 'newest' });
  return (
    <section id="tools" aria-labelledby="tools-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:px-8">
      <SectionHeading id="tools-heading" eyebrow="New from the workshop" title="Our manufactured tools" />
      {products.isError ? (
        <ErrorState title="We could not load our tools." error={products.error} onRetry={() => void products.refetch()} />
      ) : products.data?.items.length === 0 ? (
        <EmptyState title="No tools in the catalogue yet.">New tools appear here as soon as the workshop adds them.</EmptyState>
      ) : (
        <ProductGrid products={products.data?.items} placeholders={newestCount} />
      )}
      <div className="mt-10 text-center">
        <Link to="/products" className="btn btn-outline">
          See the whole collection
        </Link>
      </div>
    </section>
  );
}
