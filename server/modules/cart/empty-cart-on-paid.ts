import type { OrderEvents } from '../orders/order-events.ts';
import type { CartService } from './cart-service.ts';

/**
 * What the cart does when the order its checkout placed is paid: the lines it bought leave the
 * customer's cart, in the transaction that records the money taken. An order refused or left unpaid
 * leaves the cart as it was, and so does a capture that failed; a Buy Now order never touches it.
 */
export function emptyCartOnPaid(cart: Pick<CartService, 'emptyOf'>): Pick<OrderEvents, 'paid'> {
  return {
    async paid(transaction, order, buyer) {
      if (!buyer.userId || !buyer.fromCart) return;
      await cart.emptyOf(
        transaction,
        buyer.userId,
        order.lines.flatMap((line) => (line.variantId ? [line.variantId] : [])),
      );
    },
  };
}
