import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CartCheckoutInput, LastDelivery } from '../../../common/schemas/orders.ts';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSaveAddress } from '../../features/addresses/api/address-queries.ts';
import { blankAddress } from '../../features/addresses/components/saved-address-choice.tsx';
import { useSession } from '../../features/auth/api/session-queries.ts';
import { cartQueries, useCart } from '../../features/cart/api/cart-queries.ts';
import { useCartCheckout, useLastDelivery } from '../../features/cart/api/checkout-queries.ts';
import { CartLoaded } from '../../features/cart/components/cart-loaded.tsx';
import { CheckoutDeliveryForm } from '../../features/cart/components/checkout-delivery-form.tsx';
import { CheckoutSummary } from '../../features/cart/components/checkout-summary.tsx';
import { orderQueries } from '../../features/orders/api/order-queries.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/** The form starts with the last order's phone; its address comes from the address book, or is typed. */
function deliveryDefaults(last: LastDelivery | undefined, name: string | undefined) {
  return { phone: last?.phone ?? '', shippingAddress: blankAddress(name) };
}

/** The server refused the cart as it is (a line short of stock, or no longer sold): its message names the line. */
const isCartRefusal = (error: Error | null) => error instanceof ApiRequestError && error.status === 409;

const reviewCart = (
  <Link to="/cart" className="link link-primary text-sm font-medium">
    Review your cart
  </Link>
);

/**
 * Checkout (ADR 018), for signed-in customers: the phone and address once, then the whole cart
 * becomes one order, paid on its payment page like any other. Refused, the form keeps everything
 * typed and says which line to change.
 */
export default function CheckoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { data: viewer } = useSession();
  const cartState = useCart();
  const lastDelivery = useLastDelivery();
  const checkout = useCartCheckout();
  const saveAddress = useSaveAddress();
  const [saveNewAddress, setSaveNewAddress] = useState(false);

  function placeOrder(delivery: CartCheckoutInput) {
    checkout.mutate(delivery, {
      onSuccess: (order) => {
        // Kept for next time once the order took it; the order stands whether or not it could be. The
        // page is left at once, so the outcome is told by the app's toasts rather than this page.
        if (saveNewAddress) saveAddress.mutateAsync(delivery.shippingAddress).catch((failure: Error) => toast(`Your address was not saved: ${failure.message}`, 'error'));
        void queryClient.invalidateQueries({ queryKey: orderQueries.all });
        void navigate(`/dashboard/payment/${encodeURIComponent(order._id)}`);
      },
      onError: (failure) => {
        // The cart read again shows the line's problem, and turns Continue off until it is fixed.
        if (isCartRefusal(failure)) void queryClient.invalidateQueries({ queryKey: cartQueries.all });
      },
    });
  }

  return (
    <PageShell eyebrow="Checkout" title="Checkout" intro="Where your tools should go. Then you pay for the whole cart at once, as one order.">
      <CartLoaded {...cartState} isPending={cartState.isPending || lastDelivery.isPending} skeletons={['h-72', 'h-56']}>
        {(cart) => (
          <div className="grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
            <section aria-labelledby="delivery-heading" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-6">
              <h2 id="delivery-heading" className="text-lg font-semibold text-stone-900">
                Delivery
              </h2>
              {!cart.ready && (
                <p role="alert" className="rounded-lg border border-error/30 bg-error/5 px-4 py-3 text-sm text-stone-800">
                  Some lines of your cart need a change before you can check out. {reviewCart}
                </p>
              )}
              <CheckoutDeliveryForm
                defaults={deliveryDefaults(lastDelivery.data, viewer?.name)}
                saveAddress={saveNewAddress}
                onSaveAddressChange={setSaveNewAddress}
                onContinue={placeOrder}
                busy={checkout.isPending}
                error={checkout.error?.message}
                disabled={!cart.ready}
                aside={isCartRefusal(checkout.error) ? reviewCart : undefined}
              />
            </section>
            <CheckoutSummary cart={cart} />
          </div>
        )}
      </CartLoaded>
    </PageShell>
  );
}
