import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LastDelivery } from '../../../common/schemas/orders.ts';
import { regionsOf } from '../../../common/postal-addresses.ts';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSaveAddress } from '../../features/addresses/api/address-queries.ts';
import { blankAddress } from '../../features/addresses/components/saved-address-choice.tsx';
import { useSession } from '../../features/auth/api/session-queries.ts';
import { loginPath } from '../../features/auth/login-path.ts';
import { cartQueries } from '../../features/cart/api/cart-queries.ts';
import { useKeepGuestCart } from '../../features/cart/api/cart-reminder-queries.ts';
import { useCartCheckout, useLastDelivery } from '../../features/cart/api/checkout-queries.ts';
import { orderQueries, useRememberPlacedOrder } from '../../features/orders/api/order-queries.ts';
import { usePricedCart } from '../../features/cart/api/priced-cart.ts';
import { updateCheckoutChoices, useCheckoutChoices } from '../../features/cart/checkout-choices.ts';
import { CartLoaded } from '../../features/cart/components/cart-loaded.tsx';
import { type CheckoutDelivery, CheckoutDeliveryForm } from '../../features/cart/components/checkout-delivery-form.tsx';
import { CheckoutSummary } from '../../features/cart/components/checkout-summary.tsx';
import { QuoteChoices } from '../../features/cart/components/quote-choices.tsx';
import { QuoteTotals } from '../../features/cart/components/quote-totals.tsx';
import { localCartLines, rememberCartCheckedOutAs } from '../../features/cart/local-cart.ts';
import { homeCountry } from '../../features/cart/use-destination.ts';
import { rememberOrderKey } from '../../features/orders/order-keys.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/** The form starts with the last order's phone, and an address in the country chosen at the cart (or the address book's). */
function deliveryDefaults(last: LastDelivery | undefined, name: string | undefined, country: string | undefined, region: string | undefined) {
  return { phone: last?.phone ?? '', shippingAddress: { ...blankAddress(name), country: country ?? homeCountry, region: region ?? '' } };
}

/** The server refused the cart as it is (a line short of stock, or no longer sold): its message names the line. */
const isCartRefusal = (error: Error | null) =>
  error instanceof ApiRequestError && error.status === 409 && error.code !== 'DISCOUNT_CODE_REFUSED' && !error.code.startsWith('SHIPPING') && error.code !== 'NO_SHIPPING_RATE';

const reviewCart = (
  <Link to="/cart" className="link link-primary text-sm font-medium">
    Review your cart
  </Link>
);

/**
 * Checkout (ADR 018, ADR 038), for customers and guests alike: the phone and address once (and a
 * guest's e-mail address), how it is sent and the code, priced by the server as the address is typed;
 * then the whole cart becomes one order, paid on its payment page (a guest's, on the order's own page,
 * opened by its key). Refused, the form keeps everything typed and says what to change.
 */
export default function CheckoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const session = useSession();
  const viewer = session.data;
  const guest = !session.isPending && !viewer;
  const choices = useCheckoutChoices();
  const lastDelivery = useLastDelivery(Boolean(viewer));
  const checkout = useCartCheckout();
  const rememberPlaced = useRememberPlacedOrder();
  const saveAddress = useSaveAddress();
  const [saveNewAddress, setSaveNewAddress] = useState(false);
  const [remindCart, setRemindCart] = useState(false);
  const keepGuestCart = useKeepGuestCart();
  const [vatNumber, setVatNumber] = useState<string | undefined>(undefined);
  const [place, setPlace] = useState<{ country: string; region: string | undefined } | undefined>(undefined);
  const destination = place ?? (choices.country ? { country: choices.country, region: choices.region } : undefined);
  const cartState = usePricedCart({ destination, shippingRate: choices.shippingRate, discountCode: choices.discountCode, vatNumber });
  const quote = cartState.quote.data;
  const placeKnown = Boolean(destination?.country) && (regionsOf(destination?.country ?? '').length === 0 || Boolean(destination?.region));

  // The place the form holds now is the cart's choice too: back at the cart, it is still chosen.
  const changePlace = useCallback((next: { country: string; region: string | undefined }) => {
    setPlace(next);
    if (next.country) updateCheckoutChoices({ country: next.country, region: next.region });
  }, []);

  function placeOrder(delivery: CheckoutDelivery) {
    // Only with the tick is anything of a guest's cart kept; the order goes ahead whether or not it was.
    if (guest && remindCart && delivery.email) {
      keepGuestCart.mutate(
        { email: delivery.email, lines: localCartLines() },
        { onError: (failure) => toast(`We could not keep your cart for a reminder: ${failure.message}`, 'error') },
      );
    }
    const input = {
      ...delivery,
      ...(quote?.shippingRate && { shippingRate: quote.shippingRate }),
      ...(choices.discountCode && quote?.discountCode?.applied && { discountCode: choices.discountCode }),
      ...(guest && { lines: localCartLines() }),
    };
    checkout.mutate(input, {
      onSuccess: (order) => {
        // Kept for next time once the order took it; the order stands whether or not it could be. The
        // page is left at once, so the outcome is told by the app's toasts rather than this page.
        if (saveNewAddress && viewer) saveAddress.mutateAsync(delivery.shippingAddress).catch((failure: Error) => toast(`Your address was not saved: ${failure.message}`, 'error'));
        // The orders read before are stale now (marked at once); the new one is its payment page's answer.
        void queryClient.invalidateQueries({ queryKey: orderQueries.all });
        const { accessKey: _key, ...placed } = order;
        rememberPlaced(placed);
        if (order.accessKey) {
          rememberOrderKey(order._id, order.accessKey);
          rememberCartCheckedOutAs(order._id);
          void navigate(`/orders/${encodeURIComponent(order._id)}`);
        } else {
          void navigate(`/dashboard/payment/${encodeURIComponent(order._id)}`);
        }
      },
      onError: (failure) => {
        // The cart read again shows the line's problem, and turns Continue off until it is fixed; a
        // refused rate or code is priced again, so that what is offered now shows.
        void queryClient.invalidateQueries({ queryKey: cartQueries.all });
        if (failure instanceof ApiRequestError && failure.code === 'SHIPPING_RATE_UNAVAILABLE') updateCheckoutChoices({ shippingRate: undefined });
      },
    });
  }

  const noRate = Boolean(quote && placeKnown && !quote.shippingRate);
  return (
    <PageShell eyebrow="Checkout" title="Checkout" intro="Where your tools should go and how. Then you pay for the whole cart at once, as one order.">
      <CartLoaded {...cartState} isPending={cartState.isPending || session.isPending || (Boolean(viewer) && lastDelivery.isPending)} skeletons={['h-72', 'h-96']}>
        {(cart) => (
          <div className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]">
            <section aria-labelledby="delivery-heading" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="delivery-heading" className="text-lg font-semibold text-stone-900">
                  Delivery
                </h2>
                {guest && (
                  <p className="text-sm text-stone-600">
                    Have an account?{' '}
                    <Link to={loginPath('/checkout')} className="link link-primary font-medium">
                      Log in
                    </Link>
                  </p>
                )}
              </div>
              {!cart.ready && (
                <p role="alert" className="rounded-lg border border-error/30 bg-error/5 px-4 py-3 text-sm text-stone-800">
                  Some lines of your cart need a change before you can check out. {reviewCart}
                </p>
              )}
              <CheckoutDeliveryForm
                key={guest ? 'guest' : 'customer'}
                guest={guest}
                defaults={deliveryDefaults(lastDelivery.data, viewer?.name, choices.country, choices.region)}
                saveAddress={saveNewAddress}
                onSaveAddressChange={setSaveNewAddress}
                remindCart={remindCart}
                onRemindCartChange={setRemindCart}
                onContinue={placeOrder}
                onPlaceChange={changePlace}
                onVatNumberChange={setVatNumber}
                vatProblem={quote?.vatProblem}
                busy={checkout.isPending}
                error={checkout.error?.message}
                disabled={!cart.ready || noRate}
                aside={isCartRefusal(checkout.error) ? reviewCart : undefined}
              />
            </section>
            <CheckoutSummary cart={cart} quote={quote}>
              <QuoteChoices quote={quote} busy={cartState.quote.isFetching} name="checkout-shipping" />
              {quote ? <QuoteTotals quote={quote} placeKnown={placeKnown} /> : <div className="skeleton h-32 w-full" aria-label="Pricing your order" />}
            </CheckoutSummary>
          </div>
        )}
      </CartLoaded>
    </PageShell>
  );
}
