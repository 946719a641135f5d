import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Cart } from '../../../common/schemas/cart.ts';
import type { Checkout, CheckoutDelivery, CheckoutInput } from '../../../common/schemas/checkouts.ts';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { EmptyState, ErrorState } from '../../components/ui/query-states.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSaveAddress } from '../../features/addresses/api/address-queries.ts';
import { blankAddress } from '../../features/addresses/components/saved-address-choice.tsx';
import { useSession } from '../../features/auth/api/session-queries.ts';
import { cartKeys, useCart } from '../../features/cart/api/cart-queries.ts';
import {
  checkoutIntentKey,
  confirmCheckoutPayment,
  payCheckoutWithLocalCard,
  useCheckoutDelivery,
  useCheckoutIntent,
  useOpenCheckout,
} from '../../features/cart/api/checkout-queries.ts';
import { CheckoutDeliveryForm } from '../../features/cart/components/checkout-delivery-form.tsx';
import { CheckoutSummary, type SummaryLine } from '../../features/cart/components/checkout-summary.tsx';
import { PaidCheckout } from '../../features/cart/components/paid-checkout.tsx';
import { LazyStripeCardForm } from '../../features/orders/components/lazy-stripe-card-form.tsx';
import { LocalCardForm } from '../../features/orders/components/local-card-form.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';

const cartLines = (cart: Cart): SummaryLine[] =>
  cart.lines.map((line) => ({
    key: line.productId,
    name: line.product?.name ?? 'A tool no longer sold',
    img: line.product?.img,
    quantity: line.quantity,
    unitPrice: line.product?.price ?? 0,
    price: line.lineTotal,
  }));

const checkoutLines = (checkout: Checkout): SummaryLine[] =>
  checkout.lines.map((line) => ({ key: String(line.line), name: line.product, img: line.img, quantity: line.quantity, unitPrice: line.unitPrice, price: line.price }));

/** The payment step: where the cart goes (with a way back to change it), and the card form for the one payment. */
function PaymentStep({
  checkout,
  onChangeDelivery,
  onPaid,
  onRefused,
}: {
  checkout: Checkout;
  onChangeDelivery: () => void;
  onPaid: (paid: Checkout) => void;
  onRefused: (message: string) => void;
}) {
  const { data: viewer } = useSession();
  const intent = useCheckoutIntent(checkout._id);
  const [done, setDone] = useState(false);

  /** A refusal after the card was authorised (a line sold out meanwhile): the hold is released, and the person goes back to fix the cart. */
  async function orRefused(pay: () => Promise<Checkout>): Promise<Checkout> {
    try {
      return await pay();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) onRefused(error.message);
      throw error;
    }
  }
  const paid = (checkout: Checkout) => {
    setDone(true);
    onPaid(checkout);
  };

  return (
    <section aria-labelledby="payment-heading" className="space-y-6 rounded-xl border border-base-300 bg-base-100 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-base-200 px-4 py-3 text-sm">
        <div>
          <p className="font-medium text-stone-900">Deliver to</p>
          <p className="whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">{checkout.address}</p>
          <p className="text-stone-700">{checkout.phone}</p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onChangeDelivery}>
          Change<span className="sr-only"> the phone or address</span>
        </button>
      </div>
      <h2 id="payment-heading" className="text-lg font-semibold text-stone-900">
        Payment
      </h2>
      {intent.isError ? (
        <div className="space-y-3">
          <ErrorState title="This checkout cannot be paid now" error={intent.error} onRetry={() => void intent.refetch()} />
          <Link to="/cart" className="btn btn-outline btn-sm">
            Review your cart
          </Link>
        </div>
      ) : intent.data?.gateway === 'stripe' && intent.data.publishableKey ? (
        <Suspense fallback={<div className="skeleton h-48 w-full" aria-label="Loading the card form" />}>
          <LazyStripeCardForm
            clientSecret={intent.data.clientSecret}
            publishableKey={intent.data.publishableKey}
            billing={{ name: viewer?.name ?? '', email: viewer?.email ?? '' }}
            confirm={(transactionId) => orRefused(() => confirmCheckoutPayment(checkout._id, transactionId))}
            onPaid={paid}
            done={done}
          />
        </Suspense>
      ) : (
        <LocalCardForm
          clientSecret={intent.data?.clientSecret}
          defaultName={viewer?.name ?? ''}
          pay={(card) => orRefused(() => payCheckoutWithLocalCard(checkout._id, card))}
          onPaid={paid}
          done={done}
        />
      )}
    </section>
  );
}

/** What the delivery form starts with: what was typed, else the last order's phone (its address comes from the address book). */
function deliveryDefaults(typed: CheckoutInput | null, last: CheckoutDelivery | undefined, name: string | undefined) {
  if (typed) return { phone: typed.phone, shippingAddress: { ...blankAddress(), ...typed.shippingAddress } };
  return { phone: last?.phone ?? '', shippingAddress: blankAddress(name) };
}

/**
 * Checkout (ADR 018), for signed-in customers: the phone and address once (filled from the last
 * order), then one card payment for the whole cart at the total the server computed. Paid, the
 * customer sees one order number with every line paid; refused or declined, the cart and
 * everything typed stay.
 */
export default function CheckoutPage() {
  const queryClient = useQueryClient();
  const { data: viewer } = useSession();
  const { cart, isPending, error, refetch } = useCart();
  const lastDelivery = useCheckoutDelivery();
  const open = useOpenCheckout();
  const [typed, setTyped] = useState<CheckoutInput | null>(null);
  const saveAddress = useSaveAddress();
  const [saveNewAddress, setSaveNewAddress] = useState(false);
  const toast = useToast();
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [paid, setPaid] = useState<Checkout | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  function proceed(delivery: CheckoutInput) {
    setTyped(delivery);
    setRefusal(null);
    open.mutate(delivery, {
      onSuccess: (opened) => {
        setCheckout(opened);
        // Kept for next time once the checkout took it; the checkout stands whether or not it could be.
        if (saveNewAddress) {
          setSaveNewAddress(false);
          saveAddress.mutate(delivery.shippingAddress, { onError: (error) => toast(`Your address was not saved: ${error.message}`, 'error') });
        }
      },
    });
  }

  function refused(message: string) {
    setRefusal(message);
    // Its payment was released: a next try starts another.
    queryClient.removeQueries({ queryKey: checkoutIntentKey(checkout?._id) });
    setCheckout(null);
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
  }

  function finished(done: Checkout) {
    setPaid(done);
    // The server emptied the cart as it took the money.
    if (viewer) queryClient.setQueryData<Cart>(cartKeys.mine(viewer.id), { lines: [], count: 0, total: 0, ready: false });
  }

  const intro = paid ? undefined : 'Where your tools should go, then one payment for the whole cart.';
  return (
    <PageShell eyebrow="Checkout" title={paid ? 'Thank you' : 'Checkout'} intro={intro}>
      {paid ? (
        <PaidCheckout checkout={paid} />
      ) : isPending || lastDelivery.isPending ? (
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem]" aria-label="Loading your cart">
          <div className="skeleton h-72 w-full rounded-xl" />
          <div className="skeleton h-56 w-full rounded-xl" />
        </div>
      ) : error || !cart ? (
        <ErrorState title="We could not load your cart" error={error} onRetry={refetch} />
      ) : cart.lines.length === 0 && !checkout ? (
        <EmptyState title="Your cart is empty">
          <Link to="/products" className="link link-primary">
            Browse the tools
          </Link>{' '}
          and add what your workshop needs.
        </EmptyState>
      ) : (
        <div className="grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
          {checkout ? (
            <PaymentStep checkout={checkout} onChangeDelivery={() => setCheckout(null)} onPaid={finished} onRefused={refused} />
          ) : (
            <section aria-labelledby="delivery-heading" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-6">
              <h2 id="delivery-heading" className="text-lg font-semibold text-stone-900">
                Delivery
              </h2>
              {refusal && (
                <p role="alert" className="rounded-lg border border-error/30 bg-error/5 px-4 py-3 text-sm font-medium text-error">
                  {refusal}{' '}
                  <Link to="/cart" className="link">
                    Review your cart
                  </Link>
                </p>
              )}
              {!cart.ready && (
                <p role="alert" className="rounded-lg border border-error/30 bg-error/5 px-4 py-3 text-sm text-stone-800">
                  Some lines of your cart need a change before you can check out.{' '}
                  <Link to="/cart" className="link link-primary font-medium">
                    Review your cart
                  </Link>
                </p>
              )}
              <CheckoutDeliveryForm
                defaults={deliveryDefaults(typed, lastDelivery.data, viewer?.name)}
                saveAddress={saveNewAddress}
                onSaveAddressChange={setSaveNewAddress}
                onContinue={proceed}
                busy={open.isPending}
                error={open.error?.message}
                disabled={!cart.ready}
              />
            </section>
          )}
          <CheckoutSummary
            lines={checkout ? checkoutLines(checkout) : cartLines(cart)}
            total={checkout ? checkout.total : cart.total}
            note={checkout ? 'This is the amount of the one payment.' : 'Prices as of now; the next step shows the amount you pay.'}
          />
        </div>
      )}
    </PageShell>
  );
}
