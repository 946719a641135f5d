import type { OrderEvents } from '../orders/order-events.ts';
import type { DiscountService } from './discount-service.ts';

/** A cancelled order (by a person, by expiry, or replaced) gives back the use of its code, in the transaction that cancels it. */
export function releaseCodeOnCancel(discounts: Pick<DiscountService, 'release'>): Pick<OrderEvents, 'cancelled'> {
  return { cancelled: (transaction, order) => discounts.release(transaction, order._id) };
}
