import { formatUsd } from '../../../../common/money.ts';
import { countOf, pieces } from '../../../../common/plurals.ts';
import type { Cart } from '../../../../common/schemas/cart.ts';
import { CartThumbnail } from './cart-thumbnail.tsx';

/** What is about to be ordered, as the server prices the cart now: each line and the lines' total. */
export function CheckoutSummary({ cart }: { cart: Cart }) {
  return (
    <section aria-label="Order summary" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6 lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold text-stone-900">
        {countOf(cart.lines.length, 'tool')}, {pieces(cart.count)}
      </h2>
      <ul className="space-y-3">
        {cart.lines.map((line) => {
          const name = line.product?.name ?? 'A tool no longer sold';
          return (
            <li key={line.productId} className="flex items-center gap-3">
              <CartThumbnail img={line.product?.img} name={name} className="h-12 w-16" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{name}</p>
                <p className="text-stone-600">
                  {line.quantity} × {formatUsd(line.product?.price ?? 0)}
                </p>
              </div>
              <p className="text-sm font-medium text-stone-900">{formatUsd(line.lineTotal)}</p>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-between gap-4 border-t border-base-300 pt-3">
        <span className="font-medium text-stone-800">Subtotal</span>
        <span data-testid="checkout-subtotal" className="font-semibold text-stone-900">
          {formatUsd(cart.total)} USD
        </span>
      </div>
      {/* The cart knows its lines only; the order the server makes adds what else there is to pay. */}
      <p className="text-xs text-stone-600">Prices as of now. The payment page shows your order&apos;s total, with any shipping and tax, before you pay.</p>
    </section>
  );
}
