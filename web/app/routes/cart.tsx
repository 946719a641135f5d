import { Link } from 'react-router';
import { regionsOf } from '../../../common/postal-addresses.ts';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useCart } from '../../features/cart/api/cart-queries.ts';
import { usePricedCart } from '../../features/cart/api/priced-cart.ts';
import { CartDestination } from '../../features/cart/components/cart-destination.tsx';
import { CartLineItem } from '../../features/cart/components/cart-line-item.tsx';
import { CartLoaded } from '../../features/cart/components/cart-loaded.tsx';
import { QuoteTotals } from '../../features/cart/components/quote-totals.tsx';
import { useCheckoutChoices } from '../../features/cart/checkout-choices.ts';
import { QuoteChoices } from '../../features/cart/components/quote-choices.tsx';
import { useDestination } from '../../features/cart/use-destination.ts';
import { loginPath } from '../../features/auth/login-path.ts';

/**
 * The cart (ADR 018), open to everyone: a visitor's is kept in this browser and joins their account's
 * when they sign in. Lines, shipping to the place chosen, the discount code and tax are priced by the
 * server (ADR 038); checking out is open to guests.
 */
export default function CartPage() {
  const choices = useCheckoutChoices();
  const [destination, setDestination] = useDestination(choices, useCart().signedIn);
  const cartState = usePricedCart({ destination, shippingRate: choices.shippingRate, discountCode: choices.discountCode });
  const quote = cartState.quote.data;
  const placeKnown = destination.country !== '' && (regionsOf(destination.country).length === 0 || Boolean(destination.region));

  return (
    <PageShell eyebrow="Cart" title="Your cart" intro="The tools you are about to order, priced as they are today. Pay for them all at once at checkout.">
      <CartLoaded {...cartState} skeletons={['h-64', 'h-96']}>
        {(cart) => (
          <div className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]">
            <ul className="space-y-3" aria-label="Lines in your cart">
              {cart.lines.map((line, index) => (
                <CartLineItem
                  key={line.variantId}
                  line={line}
                  discount={quote?.discountCode?.applied ? { amount: quote.lines[index]?.discount ?? 0, code: quote.discountCode.code } : undefined}
                />
              ))}
            </ul>
            <aside aria-label="Order summary" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-6 lg:sticky lg:top-24">
              <h2 className="text-lg font-semibold text-stone-900">
                {cart.lines.length} {cart.lines.length === 1 ? 'tool' : 'tools'}, {cart.count} {cart.count === 1 ? 'piece' : 'pieces'}
              </h2>
              <CartDestination destination={destination} onChange={setDestination} />
              <QuoteChoices quote={quote} busy={cartState.quote.isFetching} name="cart-shipping" />
              {quote ? (
                <QuoteTotals quote={quote} placeKnown={placeKnown} />
              ) : cartState.quote.isError ? (
                <p role="alert" className="text-sm font-medium text-error">
                  We could not price your cart: {cartState.quote.error.message}
                </p>
              ) : (
                <div className="skeleton h-32 w-full" aria-label="Pricing your cart" />
              )}
              {cart.ready ? (
                <Link to="/checkout" className="btn btn-primary w-full">
                  Check out
                </Link>
              ) : (
                <>
                  <p role="alert" className="rounded-lg border border-error/30 bg-error/5 px-4 py-3 text-sm text-stone-800">
                    Some lines need a change before you can check out: see what each says in red.
                  </p>
                  <button type="button" className="btn btn-primary w-full" disabled>
                    Check out
                  </button>
                </>
              )}
              {!cartState.signedIn && (
                <p className="text-sm text-stone-600">
                  Check out as a guest with your e-mail address, or{' '}
                  <Link to={loginPath('/checkout')} className="link link-primary">
                    log in
                  </Link>{' '}
                  to use your saved addresses. This cart comes with you.
                </p>
              )}
              <Link to="/products" className="btn btn-ghost btn-sm w-full">
                Keep shopping
              </Link>
            </aside>
          </div>
        )}
      </CartLoaded>
    </PageShell>
  );
}
