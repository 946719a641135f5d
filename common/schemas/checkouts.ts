import { z } from 'zod';
import { orderStages } from '../ordering.ts';
import { deliveryPhoneSchema } from './orders.ts';
import { postalAddressOutputSchema, postalAddressSchema } from './postal-addresses.ts';

/**
 * `POST /checkouts`: where the whole cart goes, checked as an order's phone and address are. The
 * lines, their prices and the total come from the customer's cart on the server, never the browser.
 */
export const checkoutInputSchema = z.object({
  phone: deliveryPhoneSchema,
  shippingAddress: postalAddressSchema,
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** One line of a checkout, priced when the checkout was opened; once paid, the order it became. */
export const checkoutLineSchema = z.object({
  line: z.number().int(),
  productId: z.string().nullable().meta({ description: 'null once the product has been deleted' }),
  product: z.string().meta({ description: "The product's name when the checkout was opened" }),
  img: z.string(),
  unitPrice: z.number().meta({ description: 'US dollars per piece' }),
  quantity: z.number().int(),
  price: z.number().meta({ description: 'US dollars: unit price × quantity' }),
  orderId: z.string().optional().meta({ description: 'Once paid: the order this line became' }),
  stage: z.enum(orderStages).optional().meta({ description: "Once paid: where this line's order stands" }),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** Where a checkout stands: open (waiting for its one payment), paid, or ended unpaid. */
export const checkoutStages = ['open', 'paid', 'replaced', 'expired'] as const;
export type CheckoutStage = (typeof checkoutStages)[number];

export const checkoutSchema = z.object({
  _id: z.string(),
  orderNumber: z.string().optional().meta({ description: 'Once paid: the one order number its lines share, such as J-1042' }),
  paymentStatus: z.enum(['unpaid', 'paid']),
  stage: z.enum(checkoutStages).meta({ description: 'open, paid, replaced (the customer opened another) or expired (left unpaid too long)' }),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().meta({ description: 'The delivery address on one line' }),
  shippingAddress: postalAddressOutputSchema.optional().meta({ description: 'The delivery address, structured' }),
  total: z.number().meta({ description: 'US dollars: the sum of the lines, the amount of the one payment' }),
  createdAt: z.string(),
  paidAt: z.string().optional(),
  transactionId: z.string().optional(),
  cardBrand: z.string().optional(),
  cardLast4: z.string().optional(),
  lines: z.array(checkoutLineSchema),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const checkoutIdParamsSchema = z.object({ id: z.string().max(200) });

/** The phone and structured address of the customer's last order, to fill the checkout's form with; null for a first order. */
export const checkoutDeliverySchema = z.object({ phone: z.string(), shippingAddress: postalAddressOutputSchema.nullable() }).nullable();
export type CheckoutDelivery = z.infer<typeof checkoutDeliverySchema>;
