import type { CheckoutEvents } from '../orders/checkout-events.ts';
import type { CartService } from './cart-service.ts';

/**
 * What the cart does when a checkout is paid (ADR 018): the lines it bought leave the customer's
 * cart, in the transaction that records the money taken. A checkout refused or left unpaid leaves
 * the cart as it was, and so does a capture that failed.
 */
export function emptyCartOnPaid(cart: Pick<CartService, 'emptyOf'>): Pick<CheckoutEvents, 'paid'> {
  return {
    async paid(transaction, checkout, _orders, customerId) {
      if (!customerId) return;
      await cart.emptyOf(
        transaction,
        customerId,
        checkout.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
      );
    },
  };
}
