import { type Cart, type CartQuote, cartQuoteSchema } from '../../common/schemas/cart.ts';

/** The demo shop's ways of sending a cart within the United States, as a quote lists them. */
export const standard = { id: 'r-standard', name: 'Standard', price: 8.5, kind: 'delivery', fullPrice: 8.5 } as const;
export const express = { id: 'r-express', name: 'Express', price: 29, kind: 'delivery', fullPrice: 29 } as const;

/**
 * A cart's quote as the server answers it: the cart's lines with their shares of the discount and tax,
 * Standard and Express offered and Standard priced, and the totals those make, unless told otherwise.
 */
export function quoteOf(
  cart: Cart,
  { discount = 0, tax = 0, code, shippingRate = standard.id }: { discount?: number; tax?: number; code?: string; shippingRate?: string | null } = {},
): CartQuote {
  const shipping = shippingRate === express.id ? express.price : shippingRate === null ? 0 : standard.price;
  return cartQuoteSchema.parse({
    ...cart,
    lines: cart.lines.map((line, index) => ({ ...line, discount: index === 0 ? discount : 0, tax: index === 0 ? tax : 0 })),
    shippingRates: [standard, express],
    shippingRate,
    totals: {
      subtotal: cart.total,
      shipping,
      discount,
      tax,
      total: Math.round((cart.total + shipping - discount + tax) * 100) / 100,
      taxIncluded: false,
      reverseCharge: false,
    },
    discountCode: code ? { code, applied: discount > 0 } : null,
    freeShipping: null,
  });
}
