import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { accountContact, isPhoneAccountEmail } from '../../../../common/account-contact.ts';
import { formatUsd } from '../../../../common/money.ts';
import { isOrderableQuantity, isSoldOut, orderableUnits, orderLimits, orderMessages, quantityProblem } from '../../../../common/ordering.ts';
import type { PostalAddress } from '../../../../common/postal-addresses.ts';
import { orderFormSchema, type Order } from '../../../../common/schemas/orders.ts';
import type { Product } from '../../../../common/schemas/products.ts';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { TermsNotice } from '../../shop-pages/components/terms-notice.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { usePlaceOrder } from '../api/order-queries.ts';
import { useSaveAddress } from '../../addresses/api/address-queries.ts';
import { DeliveryAddress } from '../../addresses/components/delivery-address.tsx';
import { blankAddress } from '../../addresses/components/saved-address-choice.tsx';

/** What can be ordered, in one sentence that never contradicts itself. */
function quantityHint(product: Product): string {
  const most = orderableUnits(product);
  return most === product.minQuantity ? `Exactly ${most}: that is all we have left.` : `From ${product.minQuantity} to ${most} pieces.`;
}

function LockedField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} readOnly aria-readonly="true" className="[&_input]:bg-base-200 [&_input]:text-stone-600" />;
}

/**
 * The purchase page's order form. Product, name and e-mail are locked (they come from the page
 * and the session; the server fills them in itself). The quantity control follows the
 * specification: an accepted quantity updates the price; any other brings back the minimum
 * order's price and disables Place Order. For a product with options, `product` carries the chosen
 * variant's price and stock, and `variantId` names it.
 */
export function OrderForm({ product, viewer, variantId }: { product: Product; viewer: Viewer; variantId?: string | undefined }) {
  const toast = useToast();
  const place = usePlaceOrder();
  const [placed, setPlaced] = useState<Order | null>(null);
  const schema = useMemo(() => orderFormSchema(product), [product]);
  const saveAddress = useSaveAddress();
  const [saveNewAddress, setSaveNewAddress] = useState(false);
  const form = useSchemaForm(schema, {
    defaultValues: { quantity: product.minQuantity, phone: '', shippingAddress: blankAddress(viewer.name) },
    // Problems show when a button is pressed, and stay until the next press or an edit of the quantity.
    reValidateMode: 'onSubmit',
  });
  const { field, setValue } = form;
  const fillAddress = useCallback((address: PostalAddress) => setValue('shippingAddress', address, { shouldValidate: false }), [setValue]);

  const quantity = form.watch('quantity');
  const orderable = isOrderableQuantity(quantity, product);
  const price = (orderable ? quantity : product.minQuantity) * product.price;

  async function updateQuantity() {
    if (await form.trigger('quantity')) {
      toast(orderMessages.quantityUpdated);
      return;
    }
    // The specification's alert for too few; for anything else, what is wrong with it.
    const problem = quantityProblem(form.getValues('quantity'), product);
    toast(problem === orderMessages.orderAtLeast(product.minQuantity) ? orderMessages.orderAtLeastAlert(product.minQuantity) : (problem ?? ''), 'error');
  }

  const submit = form.handleSubmit((order) =>
    place.mutate(
      { productId: product._id, ...(variantId && { variantId }), ...order },
      {
        onSuccess: (saved) => {
          setPlaced(saved);
          toast(orderMessages.placed);
          // The order stands whether or not its address could be kept for next time.
          if (saveNewAddress) saveAddress.mutate(order.shippingAddress, { onError: (error) => toast(`Your address was not saved: ${error.message}`, 'error') });
        },
      },
    ),
  );

  if (isSoldOut(product)) {
    return (
      <div role="status" aria-label="Sold out" className="space-y-4 self-start rounded-xl border border-base-300 bg-base-100 p-6">
        <h2 className="text-lg font-semibold text-stone-900">Sold out</h2>
        <p className="text-stone-700">
          We have no {product.name} left to order. Our workshop makes more as the wood allows; in the meantime, the other tools are in the catalogue.
        </p>
        <Link to="/products" className="btn btn-outline">
          Browse the tools
        </Link>
      </div>
    );
  }

  if (placed) {
    return (
      <div
        role="status"
        ref={(panel) => panel?.scrollIntoView({ block: 'start', behavior: 'smooth' })}
        className="scroll-mt-24 space-y-4 rounded-xl border border-success/40 bg-success/5 p-6"
      >
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
        {isPhoneAccountEmail(viewer.email) ? <LockedField label="Signed in with" value={accountContact(viewer.email)} /> : <LockedField label="Email" value={viewer.email} />}
      </div>

      <div>
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={product.minQuantity}
          max={product.availQuantity - 1}
          step={1}
          hint={quantityHint(product)}
          {...field('quantity', { valueAsNumber: true, onChange: () => form.clearErrors('quantity') })}
          onKeyDown={(event) => {
            // Enter in the quantity applies it, as the button does, rather than placing the order.
            if (event.key === 'Enter') {
              event.preventDefault();
              void updateQuantity();
            }
          }}
        />
        <button type="button" className="btn btn-outline btn-sm mt-2" onClick={() => void updateQuantity()}>
          Update quantity
        </button>
      </div>

      <div className="flex items-baseline justify-between rounded-lg bg-base-200 px-4 py-3">
        <span className="text-sm font-medium text-stone-700">Price</span>
        <span data-testid="order-price" className="text-xl font-semibold text-stone-900">
          {formatUsd(price)}
        </span>
      </div>

      <TextField label="Phone" type="tel" autoComplete="tel" maxLength={orderLimits.phone} {...field('phone')} />
      <DeliveryAddress
        fieldOf={(name) => field(`shippingAddress.${name}`)}
        country={form.watch('shippingAddress.country')}
        region={form.watch('shippingAddress.region')}
        fill={fillAddress}
        clearRegion={() => setValue('shippingAddress.region', '')}
        save={saveNewAddress}
        onSaveChange={setSaveNewAddress}
        typed={form.formState.dirtyFields.shippingAddress !== undefined}
      />

      <TermsNotice />
      <FormSubmit label="Place Order" busy={place.isPending} error={place.error?.message} disabled={!orderable} className="btn-primary w-full" />
    </form>
  );
}
