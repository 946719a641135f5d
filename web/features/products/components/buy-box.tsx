import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import { isSoldOut, orderableUnits } from '../../../../common/ordering.ts';
import type { Product } from '../../../../common/schemas/products.ts';
import { StockNote } from './stock-note.tsx';
import { pieces } from '../../../../common/plurals.ts';

interface BuyBoxProps {
  product: Product;
  /**
   * Further ways to buy, shown under Buy Now in the box (the cart's "Add to cart" control). The box
   * gives them the whole width of its column and nothing else; each decides for itself what a
   * sold-out product allows.
   */
  children?: ReactNode;
}

/**
 * Price, order terms, stock and the way to buy one product. Buy Now leads to the purchase page,
 * which asks a visitor to sign in first; a sold-out product says so instead.
 */
export function BuyBox({ product, children }: BuyBoxProps) {
  const soldOut = isSoldOut(product);
  return (
    <section aria-labelledby="buy-box-heading" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
      <h2 id="buy-box-heading" className="sr-only">
        Buy {product.name}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-3xl font-semibold text-stone-900">
          {formatUsd(product.price)}
          <span className="ml-1 text-sm font-normal text-stone-600">/ unit</span>
        </p>
        <StockNote stock={product} showInStock className="badge-lg" />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-base-200 px-3 py-2">
          <dt className="text-xs uppercase tracking-wide text-stone-600">Minimum order</dt>
          <dd className="mt-0.5 font-semibold text-stone-900">{pieces(product.minQuantity)}</dd>
        </div>
        <div className="rounded-lg bg-base-200 px-3 py-2">
          <dt className="text-xs uppercase tracking-wide text-stone-600">Available</dt>
          <dd className="mt-0.5 font-semibold text-stone-900">{soldOut ? 'None left' : pieces(orderableUnits(product))}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-3">
        {soldOut ? (
          <p className="rounded-lg border border-base-300 bg-base-200 px-4 py-3 text-center text-sm font-medium text-stone-700">
            Sold out for now: this tool cannot be ordered until we make more.
          </p>
        ) : (
          <Link to={`/purchase/${product._id}`} className="btn btn-primary btn-lg w-full">
            Buy Now
          </Link>
        )}
        {children}
      </div>
      <p className="text-xs text-stone-600">Prices in US dollars. You pay by card once your order is placed.</p>
    </section>
  );
}
