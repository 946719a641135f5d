import { centsToDollars } from '../../../common/money.ts';
import type { Cart, CartQuote } from '../../../common/schemas/cart.ts';
import type { ProductLine, Quote } from '../pricing/pricing-service.ts';

/**
 * A cart and its quote as the wire carries them, in US dollars: each orderable line with its share
 * of the discount and its tax (a line that cannot be ordered as it is has neither), the ways to send
 * it, the totals, and what stands in the way.
 */
export function quoteOf(cart: Cart, orderable: readonly { index: number; line: ProductLine }[], quote: Quote): CartQuote {
  const { priced } = quote;
  const pricedAt = new Map(orderable.map((entry, position) => [entry.index, priced.lines[position]!]));
  return {
    ...cart,
    lines: cart.lines.map((line, index) => {
      const pricedLine = pricedAt.get(index);
      return { ...line, discount: centsToDollars(pricedLine?.discountCents ?? 0), tax: centsToDollars(pricedLine?.taxCents ?? 0) };
    }),
    shippingRates: quote.options.map((option) => ({
      id: option.id,
      name: option.name,
      price: centsToDollars(option.priceCents),
      kind: option.kind,
      fullPrice: centsToDollars(option.fullPriceCents),
      ...(option.address && { address: option.address }),
    })),
    shippingRate: quote.shipping?.id ?? null,
    ...(quote.shippingProblem && { shippingProblem: quote.shippingProblem }),
    totals: {
      subtotal: centsToDollars(priced.subtotalCents),
      shipping: centsToDollars(priced.shippingCents),
      discount: centsToDollars(priced.discountCents),
      tax: centsToDollars(priced.taxCents),
      total: centsToDollars(priced.totalCents),
      taxIncluded: priced.taxIncluded,
      reverseCharge: priced.reverseCharge,
    },
    discountCode: quote.discount ? { code: quote.discount.code, applied: quote.discount.applied, ...(quote.discount.problem && { problem: quote.discount.problem }) } : null,
    freeShipping: quote.freeShipping ? { more: centsToDollars(quote.freeShipping.cents), rate: quote.freeShipping.rate } : null,
    ...(quote.vatProblem && { vatProblem: quote.vatProblem }),
  };
}
