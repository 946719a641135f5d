import { useId, useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import { orderableUnits } from '../../../../common/ordering.ts';
import type { CartLine } from '../../../../common/schemas/cart.ts';
import { useRemoveFromCart, useSetCartQuantity } from '../api/cart-queries.ts';
import { nameWithVariant, VariantLine } from '../../../components/ui/variant-line.tsx';
import { CartThumbnail } from './cart-thumbnail.tsx';

/**
 * One line of the cart (a product, or one variant of it, named under it): picture, name, unit price, a quantity editor checked by the order rule, the
 * line total (with what the discount code takes off it) and a way to take it out. A line that cannot be checked out as it is (too few or too many
 * for the stock, or a product no longer sold) says so, and what to do, in red.
 */
export function CartLineItem({ line, discount }: { line: CartLine; discount?: { amount: number; code: string } | undefined }) {
  const id = useId();
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const [typed, setTyped] = useState(String(line.quantity));
  const [editedFrom, setEditedFrom] = useState(line.quantity);
  // A quantity changed elsewhere (the server's answer, another tab) shows here unless one is being typed.
  if (line.quantity !== editedFrom) {
    setEditedFrom(line.quantity);
    setTyped(String(line.quantity));
  }
  const variant = line.product?.variant;
  // Two lines may be one product in two variants: each is named with its own.
  const name = nameWithVariant(line.product?.name ?? 'A tool no longer sold', variant);
  const problem = setQuantity.error?.message ?? remove.error?.message ?? line.problem;
  const messageId = `${id}-message`;

  function update() {
    setQuantity.mutate({ variantId: line.variantId, quantity: typed.trim() === '' ? Number.NaN : Number(typed), stock: line.product ?? undefined });
  }

  return (
    <li className="rounded-xl border border-base-300 bg-base-100 p-4 sm:p-5">
      <article aria-label={name} className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          <CartThumbnail img={line.product?.img} name={name} />
          <div className="min-w-0 space-y-1">
            <h2 className="font-semibold leading-snug text-stone-900">{line.product?.name ?? name}</h2>
            <VariantLine label={variant} />
            {line.product && (
              <p className="text-sm text-stone-600">
                {formatUsd(line.product.price)} each · from {line.product.minQuantity}, at most {orderableUnits(line.product)}
              </p>
            )}
            {problem && (
              <p id={messageId} className="text-sm font-medium text-error">
                {problem}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-3 sm:flex-nowrap">
          {line.product && (
            <form
              noValidate
              aria-label={`Quantity of ${name}`}
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                update();
              }}
            >
              <label className="w-20">
                <span className="mb-1 block text-xs font-medium text-stone-700">Quantity</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={line.product.minQuantity}
                  max={orderableUnits(line.product)}
                  step={1}
                  value={typed}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? messageId : undefined}
                  className={`input input-sm w-full text-stone-900 ${problem ? 'input-error' : ''}`}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    setQuantity.reset();
                  }}
                />
              </label>
              <button type="submit" className="btn btn-outline btn-sm" disabled={setQuantity.isPending || typed === String(line.quantity)}>
                {setQuantity.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Update<span className="sr-only"> the quantity of {name}</span>
              </button>
            </form>
          )}
          <p className="min-w-24 text-right">
            <span className="block text-xs text-stone-600">Line total</span>
            <span className="font-semibold text-stone-900">{formatUsd(line.lineTotal)}</span>
            {discount && discount.amount > 0 && (
              <span className="block text-xs font-medium text-success">
                -{formatUsd(discount.amount)} with {discount.code}
              </span>
            )}
          </p>
          <button type="button" className="btn btn-ghost btn-sm text-error" disabled={remove.isPending} onClick={() => remove.mutate(line.variantId)}>
            Remove<span className="sr-only"> {name} from your cart</span>
          </button>
        </div>
      </article>
    </li>
  );
}
