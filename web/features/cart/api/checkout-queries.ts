import { useMutation, useQuery } from '@tanstack/react-query';
import type { CartCheckoutInput, LastDelivery, Order } from '../../../../common/schemas/orders.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** The phone and address of the customer's last order, to fill the checkout form with (null before any). */
export function useLastDelivery() {
  return useQuery({
    // Under the cart's keys: the payment that empties the cart also makes this the last delivery.
    queryKey: ['cart', 'last-delivery'],
    queryFn: ({ signal }) => apiGet<LastDelivery>('/api/cart/delivery', { signal }),
    staleTime: Infinity,
  });
}

/**
 * "Continue to payment": the server makes the customer's cart (its lines, its prices) one unpaid order
 * to this phone and address. The cart stays as it is until that order is paid.
 */
export function useCartCheckout() {
  return useMutation({ mutationFn: (input: CartCheckoutInput) => apiPost<Order>('/api/cart/checkout', input) });
}
