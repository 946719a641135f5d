import { useMutation, useQuery } from '@tanstack/react-query';
import type { CartCheckoutInput, Order } from '../../../../common/schemas/orders.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { cartQueries } from './cart-queries.ts';

/** The phone and address of the customer's last order, to fill the checkout form with (null before any). */
export function useLastDelivery() {
  return useQuery(cartQueries.lastDelivery());
}

/**
 * "Continue to payment": the server makes the customer's cart (its lines, its prices) one unpaid order
 * to this phone and address. The cart stays as it is until that order is paid.
 */
export function useCartCheckout() {
  return useMutation({ mutationFn: (input: CartCheckoutInput) => apiPost<Order>('/api/cart/checkout', input) });
}
