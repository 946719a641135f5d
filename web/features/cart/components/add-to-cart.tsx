import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cartMessages } from '../../../../common/cart-rules.ts';
import { isSoldOut, orderableUnits } from '../../../../common/ordering.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { type CartProduct, useAddToCart } from '../api/cart-queries.ts';

export interface AddToCartProps {
  /** The product to add: its id, name and the stock the order rule checks (a catalogue `Product` will do). */
  product: CartProduct;
  /** `compact` for a product card (a small row); `full` for a product's own page (a labelled field and a large button). */
  size?: 'compact' | 'full';
  className?: string;
}

/**
 * Adds a product to the cart with a quantity, from a product card or a product's page. The quantity
 * starts at the minimum order; the line it makes must obey the specification's order rule, and a
 * quantity that breaks it is refused with the purchase page's message, in red beside the control.
 * A signed-in customer's cart is on the server, a visitor's in this browser (ADR 018). Renders
 * nothing for a sold-out product, whose card or page says so already.
 *
 * The form's method is `dialog` so that, on a page rendered on the server (ADR 024), a tap before the
 * app runs sends nothing (a form with that method outside a dialog goes nowhere), with the button in
 * the state the app keeps: a dozen buttons switched on as the app took over a catalogue page cost a
 * slow phone a fifth of a second (ADR 027). The app handles the submit itself.
 */
export function AddToCart({ product, size = 'compact', className = '' }: AddToCartProps) {
  const id = useId();
  const toast = useToast();
  const add = useAddToCart();
  const [quantity, setQuantity] = useState(String(product.minQuantity));
  const [added, setAdded] = useState<number | null>(null);
  if (isSoldOut(product)) return null;

  const compact = size === 'compact';
  const messageId = `${id}-message`;
  const problem = add.error?.message;

  function submit() {
    const pieces = Number(quantity);
    add.mutate(
      { product, quantity: quantity.trim() === '' ? Number.NaN : pieces },
      {
        onSuccess: () => {
          setAdded(pieces);
          toast(cartMessages.added(pieces, product.name));
        },
        onError: () => setAdded(null),
      },
    );
  }

  return (
    <form
      method="dialog"
      noValidate
      aria-label={`Add ${product.name} to cart`}
      className={`${compact ? 'space-y-1.5' : 'space-y-3'} ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={`flex items-end gap-2 ${compact ? '' : 'flex-wrap'}`}>
        <label className={compact ? 'w-20 shrink-0' : 'w-28 shrink-0'}>
          <span className={compact ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-stone-800'}>Quantity{compact ? ` of ${product.name}` : ''}</span>
          <input
            type="number"
            inputMode="numeric"
            min={product.minQuantity}
            max={orderableUnits(product)}
            step={1}
            value={quantity}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem || added ? messageId : undefined}
            className={`input w-full text-stone-900 ${compact ? 'input-sm' : ''} ${problem ? 'input-error' : ''}`}
            onChange={(event) => {
              setQuantity(event.target.value);
              add.reset();
              setAdded(null);
            }}
          />
        </label>
        <button type="submit" className={`btn btn-outline ${compact ? 'btn-sm flex-1' : 'flex-1 sm:flex-none'}`} disabled={add.isPending}>
          {add.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Add to cart{compact && <span className="sr-only">: {product.name}</span>}
        </button>
      </div>
      <div id={messageId} aria-live="polite" className="min-h-0 text-sm">
        {problem ? (
          <p className="font-medium text-error">{problem}</p>
        ) : added !== null ? (
          <p className="text-stone-700">
            Added {added} to your cart.{' '}
            <Link to="/cart" className="link link-primary font-medium">
              View cart
            </Link>
          </p>
        ) : null}
      </div>
    </form>
  );
}
