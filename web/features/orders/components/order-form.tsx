import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { optionalPhoneProblem } from '../../../../common/contact-rules.ts';
import { formatUsd } from '../../../../common/money.ts';
import { isOrderableQuantity, orderLimits, orderMessages, quantityProblem } from '../../../../common/ordering.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { Product } from '../../../../common/schemas/products.ts';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { usePlaceOrder } from '../api/order-queries.ts';

function LockedField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} readOnly aria-readonly="true" className="[&_input]:bg-base-200 [&_input]:text-stone-600" />;
}

/**
 * The purchase page's order form. Product, name and e-mail are locked (they come from the page
 * and the session; the server fills them in itself). The quantity control follows the
 * specification: an accepted quantity updates the price; any other brings back the minimum
 * order's price and disables Place Order.
 */
export function OrderForm({ product, viewer }: { product: Product; viewer: Viewer }) {
  const toast = useToast();
  const place = usePlaceOrder();
  const [quantityText, setQuantityText] = useState(String(product.minQuantity));
  const [quantityError, setQuantityError] = useState<string>();
  const [phone, setPhone] = useState('');
  const [adress, setAdress] = useState('');
  const [problems, setProblems] = useState<{ phone?: string; adress?: string }>({});
  const [placed, setPlaced] = useState<Order | null>(null);

  const quantity = Number(quantityText);
  const orderable = quantityText.trim() !== '' && isOrderableQuantity(quantity, product);
  const price = (orderable ? quantity : product.minQuantity) * product.price;

  function updateQuantity() {
    if (orderable) {
      setQuantityError(undefined);
      toast(orderMessages.quantityUpdated);
    } else {
      setQuantityError(quantityProblem(quantity, product));
      toast(orderMessages.orderAtLeastAlert(product.minQuantity), 'error');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      phone: phone.trim() ? optionalPhoneProblem(phone) : orderMessages.phoneRequired,
      adress: adress.trim() ? undefined : orderMessages.adressRequired,
    };
    setProblems(found);
    if (!orderable || found.phone || found.adress) return;
    place.mutate(
      { productId: product._id, quantity, phone: phone.trim(), adress: adress.trim() },
      {
        onSuccess: (order) => {
          setPlaced(order);
          toast(orderMessages.placed);
        },
      },
    );
  }

  if (placed) {
    return (
      <div role="status" className="space-y-4 rounded-xl border border-success/40 bg-success/5 p-6">
        <h2 className="text-lg font-semibold text-stone-900">Order placed</h2>
        <p className="text-stone-700">{orderMessages.placed}</p>
        <p className="text-sm text-stone-600">
          {placed.quantity} × {placed.product}, {formatUsd(placed.price)} in all.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={`/dashboard/payment/${placed._id}`} className="btn btn-primary">
            Pay now
          </Link>
          <Link to="/dashboard/myorders" className="btn btn-outline">
            Go to My Orders
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form noValidate aria-label="Order form" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-6" onSubmit={submit}>
      <h2 className="text-lg font-semibold text-stone-900">Your order</h2>
      <LockedField label="Product" value={product.name} />
      <div className="grid gap-5 sm:grid-cols-2">
        <LockedField label="Name" value={viewer.name} />
        <LockedField label="Email" value={viewer.email} />
      </div>

      <div>
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={product.minQuantity}
          max={product.availQuantity - 1}
          step={1}
          value={quantityText}
          error={quantityError}
          hint={`At least ${product.minQuantity}, fewer than ${product.availQuantity}.`}
          onChange={(event) => {
            setQuantityText(event.target.value);
            setQuantityError(undefined);
          }}
          onKeyDown={(event) => {
            // Enter in the quantity applies it, as the button does, rather than placing the order.
            if (event.key === 'Enter') {
              event.preventDefault();
              updateQuantity();
            }
          }}
        />
        <button type="button" className="btn btn-outline btn-sm mt-2" onClick={updateQuantity}>
          Update quantity
        </button>
      </div>

      <div className="flex items-baseline justify-between rounded-lg bg-base-200 px-4 py-3">
        <span className="text-sm font-medium text-stone-700">Price</span>
        <span data-testid="order-price" className="text-xl font-semibold text-stone-900">
          {formatUsd(price)}
        </span>
      </div>

      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={orderLimits.phone}
        value={phone}
        error={problems.phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <TextAreaField
        label="Adress"
        autoComplete="street-address"
        rows={3}
        maxLength={orderLimits.adress}
        value={adress}
        error={problems.adress}
        onChange={(event) => setAdress(event.target.value)}
      />

      {place.isError && (
        <p role="alert" className="text-sm font-medium text-error">
          {place.error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={!orderable || place.isPending}>
        {place.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Place Order
      </button>
    </form>
  );
}
