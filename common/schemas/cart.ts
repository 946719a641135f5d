import { z } from 'zod';
import { cartLimits } from '../cart-rules.ts';

/** How many pieces a cart line asks for: a whole number, checked against the product's stock by the rule. */
const cartQuantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(cartLimits.quantity, 'That quantity is more than we could ever make');

const productIdSchema = z.string({ error: 'productId is Required' }).trim().min(1, 'productId is Required').max(cartLimits.productId);

/** One line as a browser keeps it: which product, how many. */
export const cartLineInputSchema = z.object({ productId: productIdSchema, quantity: cartQuantitySchema });
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** `PUT /cart/items/{productId}`: the line's new quantity. */
export const cartQuantityInputSchema = z.object({ quantity: cartQuantitySchema });

export const cartItemParamsSchema = z.object({ productId: z.string().max(200) });

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
  availQuantity: z.number().int(),
});

export const cartLineSchema = z.object({
  productId: z.string(),
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
  product: z.string().nullable(),
  asked: z.number().int(),
  quantity: z.number().int(),
  message: z.string(),
});
export type CartChange = z.infer<typeof cartChangeSchema>;

export const cartMergeSchema = z.object({ cart: cartSchema, changes: z.array(cartChangeSchema) });
export type CartMerge = z.infer<typeof cartMergeSchema>;
