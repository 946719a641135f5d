import { Link } from 'react-router';
import { categoryLabel } from '../../../../common/categories.ts';
import { formatUsd } from '../../../../common/money.ts';
import { isSoldOut, orderableUnits } from '../../../../common/ordering.ts';
import { productPagePath } from '../../../../common/product-page.ts';
import type { Product } from '../../../../common/schemas/products.ts';
import { AddToCart } from '../../cart/components/add-to-cart.tsx';
import { ProductImage } from './product-image.tsx';
import { StockNote } from './stock-note.tsx';
import { pieces } from '../../../../common/plurals.ts';

/**
 * A product in a grid: picture, name, description, order terms, price and the way to buy it. A
 * sold-out product says so instead of offering Buy Now; "Available" counts what one order can take.
 */
export function ProductCard({ product, eagerImage = false }: { product: Product; eagerImage?: boolean }) {
  const soldOut = isSoldOut(product);
  return (
    <article aria-label={product.name} className="group flex flex-col overflow-hidden rounded-xl border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <div className={`relative ${soldOut ? '[&_img]:opacity-60 [&_img]:grayscale' : ''}`}>
        {/* The picture leads to the product's page too; out of the tab order, as the name's link goes there already. */}
        <Link to={productPagePath(product._id)} tabIndex={-1} className="block">
          <ProductImage product={product} sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" eager={eagerImage} />
        </Link>
        <StockNote stock={product} className="badge-lg absolute left-3 top-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-primary">{categoryLabel(product.category)}</p>
          <h3 className="mt-1 font-display text-lg font-semibold leading-snug text-stone-900">
            <Link to={productPagePath(product._id)} className="hover:text-primary hover:underline">
              {product.name}
            </Link>
          </h3>
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed text-stone-600">{product.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-xs text-stone-600">
          <div>
            <dt className="uppercase tracking-wide">Minimum order</dt>
            <dd className="text-sm font-medium text-stone-900">{pieces(product.minQuantity)}</dd>
          </div>
          <div>
            <dt className="uppercase tracking-wide">Available</dt>
            <dd className="text-sm font-medium text-stone-900">{soldOut ? 'None left' : pieces(orderableUnits(product))}</dd>
          </div>
        </dl>
        <div className="flex items-center justify-between border-t border-base-300 pt-4">
          <p className="text-xl font-semibold text-stone-900">
            {formatUsd(product.price)}
            <span className="ml-1 text-xs font-normal text-stone-600">/ unit</span>
          </p>
          {soldOut ? (
            <span className="text-sm font-semibold uppercase tracking-wide text-stone-600">Sold out</span>
          ) : (
            <Link to={`/purchase/${product._id}`} className="btn btn-primary btn-sm">
              Buy Now<span className="sr-only">: {product.name}</span>
            </Link>
          )}
        </div>
        <AddToCart product={product} />
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-base-300" aria-hidden="true">
      <div className="skeleton aspect-[4/3] w-full rounded-none" />
      <div className="space-y-3 p-5">
        <div className="skeleton h-5 w-3/4" />
        <div className="skeleton h-3 w-full" />
        <div className="skeleton h-3 w-5/6" />
        <div className="skeleton h-8 w-full" />
      </div>
    </div>
  );
}
