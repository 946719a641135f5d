/**
 * The keys that open guests' orders (ADR 038): a guest's checkout answers one, and every e-mail's
 * link carries it (`/orders/{id}?key=…`). The browser keeps it for this tab and sends it as
 * `X-Order-Key` on the calls about that order; a signed-in customer has none and needs none.
 */
const storagePrefix = 'joinery.order-key.';
const held = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage turned off: the key lives as long as the page.
    return undefined;
  }
}

export function rememberOrderKey(orderId: string, key: string): void {
  held.set(orderId, key);
  storage()?.setItem(`${storagePrefix}${orderId}`, key);
}

export function orderKeyOf(orderId: string): string | undefined {
  return held.get(orderId) ?? storage()?.getItem(`${storagePrefix}${orderId}`) ?? undefined;
}

/** The header that opens the order for a guest who holds its key; none otherwise. */
export function orderKeyHeaders(orderId: string): Record<string, string> {
  const key = orderKeyOf(orderId);
  return key ? { 'x-order-key': key } : {};
}
