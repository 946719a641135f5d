import { Link } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useCart } from '../../features/cart/api/cart-queries.ts';
import { CartLineItem } from '../../features/cart/components/cart-line-item.tsx';
import { CartLoaded } from '../../features/cart/components/cart-loaded.tsx';

/**
 * The cart (ADR 018), open to everyone: a visitor's is kept in this browser and joins their account's
 * when they sign in. Lines and total are priced by the server; checking out asks the visitor to sign in.
 */
export default function CartPage() {
  const cartState = useCart();

  return (
    <PageShell eyebrow="Cart" title="Your cart" intro="The tools you are about to order, priced as they are today. Pay for them all at once at checkout.">
      <CartLoaded {...cartState} skeletons={['h-64', 'h-48']}>
        {(cart) => (
          <div className="grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
            <ul className="space-y-3" aria-label="Lines in your cart">
              {cart.lines.map((line) => (
                <CartLineItem key={line.productId} line={line} />
              ))}
            </ul>
            <aside aria-label="Cart total" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6 lg:sticky lg:top-24">
              <dl className="space-y-2 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-600">Tools</dt>
                  <dd className="text-stone-900">
                    {cart.lines.length} {cart.lines.length === 1 ? 'line' : 'lines'}, {cart.count} {cart.count === 1 ? 'piece' : 'pieces'}
                  </dd>
                </div>
                <div className="flex justify-between gap-4 border-t border-base-300 pt-3 text-base">
                  <dt className="font-medium text-stone-800">Total</dt>
                  <dd data-testid="cart-total" className="font-semibold text-stone-900">
                    {formatUsd(cart.total)} USD
                  </dd>
                </div>
              </dl>
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
              {!cartState.signedIn && <p className="text-sm text-stone-600">You will log in or register at checkout. This cart comes with you.</p>}
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
