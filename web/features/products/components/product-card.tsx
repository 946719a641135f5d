import { Link } from 'react-router';
import { isSoldOut, orderableUnits } from '../../../../common/ordering.ts';
import { productPagePath } from '../../../../common/product-page.ts';
import type { Product } from '../../../../common/schemas/products.ts';
import { AddToCart } from '../../cart/components/add-to-cart.tsx';
import { useCategoryName } from '../../categories/api/category-queries.ts';
import { ProductImage } from './product-image.tsx';
import { CardPrice } from './card-price.tsx';
import { StockNote } from './stock-note.tsx';
import { WishlistHeart } from '../../wishlist/components/wishlist-heart.tsx';
import { pieces } from '../../../../common/plurals.ts';

/**
 * A product in a grid: picture, name, description, order terms, price and the way to buy it. A
 * sold-out product says so instead of offering Buy Now; "Available" counts what one order can take.
 */
export function ProductCard({ product, eagerImage = false }: { product: Product; eagerImage?: boolean }) {
  const soldOut = isSoldOut(product);
  const categoryName = useCategoryName();
  const choosing = product.options.length > 0;
  const choose = `Choose ${product.options.map((option) => option.name.toLowerCase()).join(' and ')}`;
  return (
    <article aria-label={product.name} className="group flex flex-col overflow-hidden rounded-xl border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <div className={`relative ${soldOut ? '[&_img]:opacity-60 [&_img]:grayscale' : ''}`}>
        {/* The picture leads to the product's page too; out of the tab order, as the name's link goes there already. */}
        <Link to={productPagePath(product._id)} tabIndex={-1} className="block">
          <ProductImage product={product} sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" eager={eagerImage} />
        </Link>
        <StockNote stock={product} className="badge-lg absolute left-3 top-3 shadow-sm" />
        <WishlistHeart productId={product._id} productName={product.name} className="absolute right-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-primary">{categoryName(product.category)}</p>
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
          <CardPrice product={product} />
          {soldOut ? (
            <span className="text-sm font-semibold uppercase tracking-wide text-stone-600">Sold out</span>
          ) : (
            // A product with options is bought after choosing one on its page.
            <Link to={choosing ? productPagePath(product._id) : `/purchase/${product._id}`} className="btn btn-primary btn-sm">
              Buy Now<span className="sr-only">: {product.name}</span>
            </Link>
          )}
        </div>
        {choosing ? (
          !soldOut && (
            <Link to={productPagePath(product._id)} className="btn btn-outline btn-sm w-full" aria-label={`${choose}: ${product.name}`}>
              {choose}
            </Link>
          )
        ) : (
          <AddToCart product={product} />
        )}
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
