import { createHmac } from 'node:crypto';
import { tokenHash } from '../../token-hash.ts';

/**
 * The token of a cart reminder's links (restore the cart, stop the reminders): the shop's secret's
 * signature of the cart's id, so that every reminder carries the same working link without the table
 * keeping it. The table keeps its hash, by which a link finds its cart (as stock alerts do).
 */
export function createCartReminderTokens(secret: string) {
  return {
    tokenOf: (cartId: string) => createHmac('sha256', secret).update(`cart-reminder:${cartId}`).digest('base64url'),
    hashOf: tokenHash,
  };
}

export type CartReminderTokens = ReturnType<typeof createCartReminderTokens>;
