import { useSyncExternalStore } from 'react';
import { cartLimits, isStoredCartLine } from '../../../common/cart-rules.ts';
import type { CartLineInput } from '../../../common/schemas/cart.ts';

/**
 * A visitor's cart, kept in this browser's localStorage until they sign in, when it joins their
 * account's cart on the server (ADR 018). Only product and variant ids and quantities are kept, a line
 * per variant: prices, names and stock are always read from the server.
 */
const storageKey = 'joinery.cart';
const listeners = new Set<() => void>();
const none: CartLineInput[] = [];

let cachedText: string | null = null;
let cachedLines: CartLineInput[] = none;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage turned off (a private window in some browsers): the cart lives as long as the page.
    return undefined;
  }
}

/** The lines as stored, each checked: a line someone edited by hand into nonsense is dropped, not trusted. */
function parse(text: string | null): CartLineInput[] {
  if (!text) return none;
  try {
    const stored: unknown = JSON.parse(text);
    if (!Array.isArray(stored)) return none;
    return (
      stored
        .filter(isStoredCartLine)
        // A line kept before products had variants names none: a product's first variant has the product's id.
        .map((line) => ({ productId: line.productId.trim(), variantId: (line.variantId ?? line.productId).trim(), quantity: line.quantity }))
        .filter((line, index, lines) => lines.findIndex((other) => other.variantId === line.variantId) === index)
        .slice(0, cartLimits.lines)
    );
  } catch {
    return none;
  }
}

/** A line's key: its variant (every line read back here has one). */
export const lineVariantId = (line: CartLineInput): string => line.variantId ?? line.productId;

/** The lines now; the same array while nothing changed, as useSyncExternalStore needs. */
export function localCartLines(): CartLineInput[] {
  const text = storage()?.getItem(storageKey) ?? null;
  if (text !== cachedText) {
    cachedText = text;
    cachedLines = parse(text);
  }
  return cachedLines;
}

export function writeLocalCart(lines: readonly CartLineInput[]): void {
  const store = storage();
  if (lines.length === 0) store?.removeItem(storageKey);
  else store?.setItem(storageKey, JSON.stringify(lines));
  for (const listener of listeners) listener();
}

export const clearLocalCart = () => writeLocalCart([]);

const checkedOutKey = 'joinery.cart.checked-out-as';

/** A guest's checkout placed this order of the cart kept here: once it is paid, the cart is done with. */
export function rememberCartCheckedOutAs(orderId: string): void {
  try {
    window.sessionStorage.setItem(checkedOutKey, orderId);
  } catch {
    // Storage turned off: the cart stays, and the guest empties it by hand.
  }
}

/** A guest paid this order: the cart kept here empties if it was checked out as this order. */
export function clearLocalCartPaidBy(orderId: string): void {
  try {
    if (window.sessionStorage.getItem(checkedOutKey) !== orderId) return;
    window.sessionStorage.removeItem(checkedOutKey);
  } catch {
    return;
  }
  clearLocalCart();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's lines, re-rendering when they change here or in another tab. */
export function useLocalCart(): CartLineInput[] {
  return useSyncExternalStore(subscribe, localCartLines, () => none);
}
