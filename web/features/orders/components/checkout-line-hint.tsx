import type { Order } from '../../../../common/schemas/orders.ts';

/**
 * For a line of a checkout (one payment for a whole cart, ADR 018), which line it is of how many, beside
 * the order number the lines share: "J-1050 · 1 of 3". Nothing for a single order.
 */
export function CheckoutLineHint({ order }: { order: Order }) {
  if (!order.checkoutLine) return null;
  const { line, of } = order.checkoutLine;
  return (
    <span className="whitespace-nowrap text-stone-600" title={`Line ${line} of the ${of} tools paid together under ${order.orderNumber}`}>
      {' · '}
      {line} of {of}
      <span className="sr-only"> paid together</span>
    </span>
  );
}

/**
 * A page of orders with the lines of each checkout in line order. They share the time they were
 * ordered, so they arrive side by side but in no order of their own; other orders keep their place.
 */
export function withCheckoutLinesInOrder(orders: readonly Order[]): Order[] {
  const sorted: Order[] = [];
  for (let start = 0; start < orders.length; ) {
    const checkoutId = orders[start]!.checkoutId;
    let end = start + 1;
    while (checkoutId && end < orders.length && orders[end]!.checkoutId === checkoutId) end += 1;
    sorted.push(...orders.slice(start, end).sort((a, b) => (a.checkoutLine?.line ?? 0) - (b.checkoutLine?.line ?? 0)));
    start = end;
  }
  return sorted;
}
