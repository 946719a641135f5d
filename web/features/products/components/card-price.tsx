import { formatUsd } from '../../../../common/money.ts';
import type { Product } from '../../../../common/schemas/products.ts';

/** Whether a product's variants cost different amounts: the catalogue then shows "from" its lowest price. */
export const pricedFrom = (product: Pick<Product, 'price' | 'priceMax'>) => product.priceMax > product.price;

/** A product's price in the catalogue: "$12.50 / unit", or "from $24.00 / unit" when its variants' prices differ. */
export function CardPrice({ product }: { product: Pick<Product, 'price' | 'priceMax'> }) {
  return (
    <p className="text-xl font-semibold text-stone-900">
      {pricedFrom(product) && <span className="mr-1 text-sm font-normal text-stone-600">from</span>}
      {formatUsd(product.price)}
      <span className="ml-1 text-xs font-normal text-stone-600">/ unit</span>
    </p>
  );
}
