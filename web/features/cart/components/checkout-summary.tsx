import type { ReactNode } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import { countOf, pieces } from '../../../../common/plurals.ts';
import type { Cart, CartQuote } from '../../../../common/schemas/cart.ts';
import { CartThumbnail } from './cart-thumbnail.tsx';
import { VariantLine } from '../../../components/ui/variant-line.tsx';

interface CheckoutSummaryProps {
  cart: Cart;
  /** The cart priced to the address typed, the way chosen and the code; undefined until first priced. */
  quote: CartQuote | undefined;
  /** The ways to send it, the code and the totals, as the page lays them out. */
  children: ReactNode;
}

/**
 * What is about to be ordered, as the server prices it now: each line, with what the discount code
 * takes off it, then how it is sent, the code and the totals.
 */
export function CheckoutSummary({ cart, quote, children }: CheckoutSummaryProps) {
  const code = quote?.discountCode?.applied ? quote.discountCode.code : undefined;
  return (
    <section aria-label="Order summary" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-6 lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold text-stone-900">
        {countOf(cart.lines.length, 'tool')}, {pieces(cart.count)}
      </h2>
      <ul className="space-y-3">
        {cart.lines.map((line, index) => {
          const name = line.product?.name ?? 'A tool no longer sold';
          const discount = quote?.lines[index]?.discount ?? 0;
          return (
            <li key={line.variantId} className="flex items-center gap-3">
              <CartThumbnail img={line.product?.img} name={name} className="h-12 w-16" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{name}</p>
                <VariantLine label={line.product?.variant} />
                <p className="text-stone-600">
                  {line.quantity} × {formatUsd(line.product?.price ?? 0)}
                </p>
              </div>
              <p className="text-right text-sm font-medium text-stone-900">
                {formatUsd(line.lineTotal)}
                {code && discount > 0 && <span className="block text-xs font-medium text-success">-{formatUsd(discount)}</span>}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="space-y-5 border-t border-base-300 pt-5">{children}</div>
    </section>
  );
}
