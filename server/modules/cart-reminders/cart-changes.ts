import type { Clock } from '../../clock.ts';
import { newRecordId } from '../../record-id.ts';
import type { CartChanges } from '../cart/cart-service.ts';
import type { CartReminderRepository } from './cart-reminder-repository.ts';
import type { CartReminderTokens } from './cart-reminder-tokens.ts';

/**
 * What a customer's change to their cart does to its reminders (ADR 045), in the transaction of the
 * change: the wait starts again (the cart's row is made by its first change). Made before the cart
 * service, which is given it; the reminders' service, which prices carts, comes after the cart.
 */
export function remindersWaitOnChange(reminders: Pick<CartReminderRepository, 'touch'>, tokens: CartReminderTokens, clock: Clock): CartChanges {
  return {
    async changed(transaction, userId) {
      const id = newRecordId();
      await reminders.touch(transaction, { id, tokenHash: tokens.hashOf(tokens.tokenOf(id)), userId, now: clock().toISOString() });
    },
  };
}
