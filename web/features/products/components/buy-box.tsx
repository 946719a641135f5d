import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../../common/money.ts';
import { isSoldOut, orderableUnits, type Stock } from '../../../../common/ordering.ts';
import { pieces } from '../../../../common/plurals.ts';
import type { Product } from '../../../../common/schemas/products.ts';
import { StockNote } from './stock-note.tsx';

interface BuyBoxProps {
  product: Product;
  /**
   * What is being bought: the chosen variant's price and stock (the product's minimum order). For a
   * product sold one way, its one variant's, which are the product's own.
   */
  offer?: { price: number; availQuantity: number };
  /** Buy Now's address: the purchase page, with the chosen variant when the product has options. */
  buyPath?: string;
  /** The choice of a variant (one group per option), above the order terms; nothing for a product sold one way. */
  picker?: ReactNode;
  /** Shown under the sold-out note when what is chosen is sold out: the way to hear when it is back. */
  whenSoldOut?: ReactNode;
  /**
   * Further ways to buy, shown under Buy Now in the box (the cart's "Add to cart" control). The box
   * gives them the whole width of its column and nothing else; each decides for itself what a
   * sold-out product allows.
   */
  children?: ReactNode;
}

/**
 * Price, order terms, stock and the way to buy one product (or the variant of it chosen). Buy Now
 * leads to the purchase page, which asks a visitor to sign in first; a sold-out product says so
 * instead.
 */
export function BuyBox({ product, offer = product, buyPath = `/purchase/${product._id}`, picker, whenSoldOut, children }: BuyBoxProps) {
  const stock: Stock = { minQuantity: product.minQuantity, availQuantity: offer.availQuantity };
  const soldOut = isSoldOut(stock);
  return (
    <section aria-labelledby="buy-box-heading" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6">
      <h2 id="buy-box-heading" className="sr-only">
        Buy {product.name}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-3xl font-semibold text-stone-900" aria-live="polite">
          {formatUsd(offer.price)}
          <span className="ml-1 text-sm font-normal text-stone-600">/ unit</span>
        </p>
        <StockNote stock={stock} showInStock className="badge-lg" />
      </div>
      {picker}
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-base-200 px-3 py-2">
          <dt className="text-xs uppercase tracking-wide text-stone-600">Minimum order</dt>
          <dd className="mt-0.5 font-semibold text-stone-900">{pieces(product.minQuantity)}</dd>
        </div>
        <div className="rounded-lg bg-base-200 px-3 py-2">
          <dt className="text-xs uppercase tracking-wide text-stone-600">Available</dt>
          <dd className="mt-0.5 font-semibold text-stone-900">{soldOut ? 'None left' : pieces(orderableUnits(stock))}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-3">
        {soldOut ? (
          <>
            <p className="rounded-lg border border-base-300 bg-base-200 px-4 py-3 text-center text-sm font-medium text-stone-700">
              {picker ? 'Sold out for now: this choice cannot be ordered until we make more.' : 'Sold out for now: this tool cannot be ordered until we make more.'}
            </p>
            {whenSoldOut}
          </>
        ) : (
          <Link to={buyPath} className="btn btn-primary btn-lg w-full">
            Buy Now
          </Link>
        )}
        {children}
      </div>
      <p className="text-xs text-stone-600">Prices in US dollars. You pay by card once your order is placed.</p>
    </section>
  );
}
