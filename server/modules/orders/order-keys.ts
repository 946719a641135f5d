import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a guest's calls about their order carry its key in. */
export const orderKeyHeader = 'x-order-key';

/** A key has this form: base64url, so that it travels in a link and a header unchanged. */
const keyPattern = /^[\w-]{20,64}$/;

export const isOrderKeyShaped = (key: string) => keyPattern.test(key);

/**
 * The keys that open a guest's order (ADR 038): each is the shop's secret's signature of the order's
 * id, so that nothing is stored, a key opens its one order only, and nobody without the secret can
 * make one. The links in a guest's e-mails carry it.
 */
export function createOrderKeys(secret: string) {
  const keyOf = (orderId: string) => createHmac('sha256', secret).update(`order-link:${orderId}`).digest('base64url').slice(0, 32);
  return {
    keyOf,
    /** The path that opens an order from its e-mails: a guest's carries its key; a customer signs in to see theirs. */
    linkOf(order: { _id: string; guest: boolean }): string {
      return order.guest ? `/orders/${order._id}?key=${keyOf(order._id)}` : `/dashboard/orders/${order._id}`;
    },
    /** Whether the key opens this order, compared in constant time. */
    opens(orderId: string, key: string): boolean {
      const expected = Buffer.from(keyOf(orderId));
      const given = Buffer.from(key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type OrderKeys = ReturnType<typeof createOrderKeys>;
