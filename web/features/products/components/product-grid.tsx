import type { Product } from '../../../../common/schemas/products.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

/** Products in a responsive grid; while `products` is undefined it shows skeleton cards in their place. */
export function ProductGrid({ products, placeholders }: { products: Product[] | undefined; placeholders: number }) {
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
      {products.map((product) => (
        <ProductCard key={product._id} product={product} />
      ))}
    </div>
  );
}
