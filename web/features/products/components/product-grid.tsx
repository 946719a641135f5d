import type { Product } from '../../../../common/schemas/products.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

/**
 * Products in a responsive grid; while `products` is undefined it shows skeleton cards in their place.
 * The first `eagerImages` pictures load at once: on a page that opens on the grid, its first row.
 */
export function ProductGrid({ products, placeholders, eagerImages = 0 }: { products: Product[] | undefined; placeholders: number; eagerImages?: number }) {
  if (!products) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading tools">
        {Array.from({ length: placeholders }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <ProductCard key={product._id} product={product} eagerImage={index < eagerImages} />
      ))}
    </div>
  );
}
