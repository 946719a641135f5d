import type { ReactNode } from 'react';
import type { Cart } from '../../../../common/schemas/cart.ts';
import { BrowseTheTools, EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import type { CartState } from '../api/cart-queries.ts';

interface CartLoadedProps extends Pick<CartState, 'cart' | 'isPending' | 'error' | 'refetch'> {
  /** The heights of the two placeholders while it loads (the page's main column, then its side column). */
  skeletons: readonly [string, string];
  /** What the page shows of a cart that has lines. */
  children: (cart: Cart) => ReactNode;
}

/**
 * The cart's page and checkout before there is a cart to work on: its placeholders while it loads, a
 * way to try again when it failed, the way to the catalogue when it is empty; else the page's own.
 */
export function CartLoaded({ cart, isPending, error, refetch, skeletons: [main, side], children }: CartLoadedProps) {
  if (isPending) {
    return (
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]" aria-label="Loading your cart">
        <div className={`skeleton ${main} w-full rounded-xl`} />
        <div className={`skeleton ${side} w-full rounded-xl`} />
      </div>
    );
  }
  if (error || !cart) return <ErrorState title="We could not load your cart" error={error} onRetry={refetch} />;
  if (cart.lines.length === 0) {
    return (
      <EmptyState title="Your cart is empty">
        <BrowseTheTools then="and add what your workshop needs." />
      </EmptyState>
    );
  }
  return children(cart);
}
