import { useMutation, useQuery } from '@tanstack/react-query';
import type { CartCheckoutInput, Order } from '../../../../common/schemas/orders.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { cartQueries } from './cart-queries.ts';

/** The phone and address of the customer's last order, to fill the checkout form with (null before any); a guest has none. */
export function useLastDelivery(signedIn: boolean) {
  return useQuery({ ...cartQueries.lastDelivery(), enabled: signedIn });
}

/**
 * "Continue to payment": the server makes the cart (a customer's on the server, or the lines a guest
 * sends) one unpaid order to this phone and address, sent the way chosen, with the code. A guest's
 * answer carries the key that opens the order. The cart stays as it is until that order is paid.
 */
export function useCartCheckout() {
  return useMutation({ mutationFn: (input: CartCheckoutInput) => apiPost<Order & { accessKey?: string }>('/api/cart/checkout', input) });
}
