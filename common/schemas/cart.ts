import { z } from 'zod';
import { cartLimits } from '../cart-rules.ts';
import { optionalRegionCodeSchema, orderChoicesSchema } from './order-choices.ts';

/** How many pieces a cart line asks for: a whole number, checked against the product's stock by the rule. */
const cartQuantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(cartLimits.quantity, 'That quantity is more than we could ever make');

const productIdSchema = z.string({ error: 'productId is Required' }).trim().min(1, 'productId is Required').max(cartLimits.productId);

/** One line as a browser keeps it: which product, which of its variants, how many. */
export const cartLineInputSchema = z.object({
  productId: productIdSchema,
  variantId: z
    .string()
    .trim()
    .min(1)
    .max(cartLimits.productId)
    .optional()
    .meta({ description: "The variant chosen; the product's id (its only variant) for a product sold one way" }),
  quantity: cartQuantitySchema,
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** `PUT /cart/items/{variantId}`: the line's new quantity. */
export const cartQuantityInputSchema = z.object({ quantity: cartQuantitySchema });

/** A line of the cart is its variant's; a product sold one way has one variant, with the product's id. */
export const cartItemParamsSchema = z.object({ variantId: z.string().max(200) });

/** A visitor's lines, from localStorage: to merge into the account's cart at sign-in, or to price. */
export const cartLinesInputSchema = z.object({
  lines: z.array(cartLineInputSchema).max(cartLimits.lines, `A cart holds at most ${cartLimits.lines} different tools.`),
});
export type CartLinesInput = z.infer<typeof cartLinesInputSchema>;

/** What a cart line shows of its product, as the catalogue has it now. */
export const cartProductSchema = z.object({
  name: z.string(),
  img: z.string(),
  price: z.number().meta({ description: 'US dollars per piece now' }),
  minQuantity: z.number().int(),
  availQuantity: z.number().int().meta({ description: "The variant's stock" }),
  variant: z.string().meta({ description: 'How the variant reads, such as "Width 10 mm · Handle Walnut"; empty for a product sold one way' }),
  sku: z.string(),
});

export const cartLineSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  quantity: z.number().int(),
  product: cartProductSchema.nullable().meta({ description: 'null when the product is no longer sold' }),
  lineTotal: z.number().meta({ description: 'US dollars: unit price × quantity (0 when the product is gone)' }),
  problem: z.string().optional().meta({ description: 'Why this line cannot be checked out as it is, and what to do' }),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** A cart priced by the server: the lines, oldest first, and the total of those that can be checked out. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  count: z.number().int().meta({ description: 'Pieces in the cart: the sum of the quantities' }),
  total: z.number().meta({ description: 'US dollars: the sum of the line totals' }),
  ready: z.boolean().meta({ description: 'True when the cart has lines and none has a problem: it can be checked out' }),
});
export type Cart = z.infer<typeof cartSchema>;

/** A line the merge at sign-in had to change: what was asked (the two carts' sum), what it became (0: removed), and why. */
export const cartChangeSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  product: z.string().nullable(),
  asked: z.number().int(),
  quantity: z.number().int(),
  message: z.string(),
});
export type CartChange = z.infer<typeof cartChangeSchema>;

export const cartMergeSchema = z.object({ cart: cartSchema, changes: z.array(cartChangeSchema) });
export type CartMerge = z.infer<typeof cartMergeSchema>;

/** Where a cart would go, as far as shipping and tax need to know: a country, and its region where it has them. */
export const quoteDestinationSchema = z.object({
  country: z
    .string()
    .trim()
    .length(2, 'A country is its two-letter code (US)')
    .transform((code) => code.toUpperCase()),
  region: optionalRegionCodeSchema,
});

/**
 * `POST /cart/quote`: a cart priced with what it would cost to send it somewhere, a discount code and
 * the tax there. A visitor sends the `lines` their browser keeps; a signed-in customer may leave them
 * out to price their own cart. Nothing is stored.
 */
export const cartQuoteInputSchema = orderChoicesSchema.pick({ shippingRate: true, discountCode: true, vatNumber: true }).extend({
  lines: z.array(cartLineInputSchema).max(cartLimits.lines, `A cart holds at most ${cartLimits.lines} different tools.`).optional(),
  shippingAddress: quoteDestinationSchema.optional().meta({ description: 'Where it would go: the country and region are enough to price it' }),
});
export type CartQuoteInput = z.input<typeof cartQuoteInputSchema>;

/** A way to get the order, at its price for this cart. */
export const shippingRateOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().meta({ description: 'US dollars for this cart (0 once it is free)' }),
  kind: z.enum(['delivery', 'pickup']),
  fullPrice: z.number().meta({ description: "US dollars: the rate's own price, before it became free" }),
  address: z.string().optional().meta({ description: 'For collecting: where' }),
});
export type ShippingRateOption = z.infer<typeof shippingRateOptionSchema>;

/** A cart line priced with its share of the discount and its tax. */
export const quotedCartLineSchema = cartLineSchema.extend({
  discount: z.number().meta({ description: "US dollars: its share of the code's discount" }),
  tax: z.number(),
});

/** A quote: the cart with its lines, the ways to send it, the totals as an order of it would be charged, and what stands in the way. */
export const cartQuoteSchema = cartSchema.extend({
  lines: z.array(quotedCartLineSchema),
  shippingRates: z.array(shippingRateOptionSchema).meta({ description: 'Cheapest first; empty until a destination is known, unless the shop charges no shipping' }),
  shippingRate: z.string().nullable().meta({ description: 'The rate priced: the one asked for, or the cheapest delivery' }),
  shippingProblem: z.string().optional().meta({ description: 'Why no rate is priced: none covers the destination, or the one asked for does not' }),
  totals: z.object({
    subtotal: z.number(),
    shipping: z.number(),
    discount: z.number(),
    tax: z.number(),
    total: z.number(),
    taxIncluded: z.boolean(),
    reverseCharge: z.boolean(),
  }),
  discountCode: z.object({ code: z.string(), applied: z.boolean(), problem: z.string().optional() }).nullable().meta({ description: 'The code asked for: applied, or why not' }),
  freeShipping: z.object({ more: z.number(), rate: z.string() }).nullable().meta({ description: 'How many more US dollars of goods make a rate free' }),
  vatProblem: z.string().optional(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;
