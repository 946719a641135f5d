import { useSyncExternalStore } from 'react';

/**
 * What the customer chose at the cart, carried to the checkout: where it would go (a country and its
 * region), how it is sent (a rate's id), and a discount code. Kept in this tab only; the server prices
 * them again at every step.
 */
export interface CheckoutChoices {
  country?: string | undefined;
  region?: string | undefined;
  shippingRate?: string | undefined;
  discountCode?: string | undefined;
}

const storageKey = 'joinery.checkout-choices';
const listeners = new Set<() => void>();
const none: CheckoutChoices = {};
let cachedText: string | null = null;
let cached: CheckoutChoices = none;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined);

/** The choices as stored, each checked: anything edited by hand into nonsense is dropped. */
function parse(stored: string | null): CheckoutChoices {
  if (!stored) return none;
  try {
    const value = JSON.parse(stored) as Record<string, unknown>;
    return { country: text(value.country), region: text(value.region), shippingRate: text(value.shippingRate), discountCode: text(value.discountCode) };
  } catch {
    return none;
  }
}

export function checkoutChoices(): CheckoutChoices {
  const stored = storage()?.getItem(storageKey) ?? null;
  if (stored !== cachedText) {
    cachedText = stored;
    cached = parse(stored);
  }
  return cached;
}

/** Changes some of the choices, keeping the others. */
export function updateCheckoutChoices(change: Partial<CheckoutChoices>): void {
  const next = { ...checkoutChoices(), ...change };
  storage()?.setItem(storageKey, JSON.stringify(next));
  if (!storage()) cached = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCheckoutChoices(): CheckoutChoices {
  return useSyncExternalStore(subscribe, checkoutChoices, () => none);
}
