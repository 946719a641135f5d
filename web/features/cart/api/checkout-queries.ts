import { useMutation, useQuery } from '@tanstack/react-query';
import type { Checkout, CheckoutDelivery, CheckoutInput } from '../../../../common/schemas/checkouts.ts';
import type { LocalCardPayment, PaymentIntent } from '../../../../common/schemas/orders.ts';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';

/** The phone and address of the customer's last order, to fill the checkout form with (null before any). */
export function useCheckoutDelivery() {
  return useQuery({
    queryKey: ['checkout-delivery'],
    queryFn: ({ signal }) => apiGet<CheckoutDelivery>('/api/checkouts/delivery', { signal }),
    staleTime: Infinity,
  });
}

/** "Continue to payment": the server checks out the customer's cart (its lines, its prices) to this phone and address. */
export function useOpenCheckout() {
  return useMutation({ mutationFn: (input: CheckoutInput) => apiPost<Checkout>('/api/checkouts', input) });
}

/** The one payment for the checkout, made once when its card form opens (its client secret unlocks Pay). */
export const checkoutIntentKey = (checkoutId: string | undefined) => ['checkout-intent', checkoutId] as const;

export function useCheckoutIntent(checkoutId: string | undefined) {
  return useQuery({
    queryKey: checkoutIntentKey(checkoutId),
    queryFn: () => apiPost<PaymentIntent>(`/api/checkouts/${encodeURIComponent(checkoutId ?? '')}/payment-intent`, {}),
    enabled: Boolean(checkoutId),
    staleTime: Infinity,
    retry: false,
  });
}

/** Asks the server to mark the checkout paid; it checks the payment with the card processor itself. */
export function confirmCheckoutPayment(checkoutId: string, transactionId: string): Promise<Checkout> {
  return apiPut<Checkout>(`/api/checkouts/${encodeURIComponent(checkoutId)}`, { paymentStatus: 'paid', transactionId });
}

/** The local test processor: authorise the card for the checkout, then have the server confirm and capture. */
export async function payCheckoutWithLocalCard(checkoutId: string, card: LocalCardPayment): Promise<Checkout> {
  const { transactionId } = await apiPost<{ transactionId: string }>('/api/payments/local/authorise', { checkoutId, ...card });
  return confirmCheckoutPayment(checkoutId, transactionId);
}
