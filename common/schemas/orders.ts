import { z } from 'zod';
import { carrierLimits, otherCarrier, trackingNumberPattern } from '../carriers.ts';
import { cardMessages } from '../card-rules.ts';
import { contactMessages, loosePhonePattern } from '../contact-rules.ts';
import { cancelReasons, orderLimits, orderMessages, orderStages, quantityProblem, refundStatuses, shippingStatuses, type Stock, unpayableReasons } from '../ordering.ts';
import { cardholderNameSchema } from './card-details.ts';
import { postalAddressOutputSchema, postalAddressSchema } from './postal-addresses.ts';
import { cartLimits } from '../cart-rules.ts';
import { cartLineInputSchema } from './cart.ts';
import { emailFieldSchema } from './inbox-forms.ts';
import { orderChoicesSchema } from './order-choices.ts';
import { cursorQueryFields, oneWayToPage, oneWayToPageMessage, paginationQuerySchema } from './pagination.ts';

/** One line of an order: a product at the price it was bought for, and what has become of its pieces. */
export const orderLineSchema = z.object({
  lineId: z.string(),
  productId: z.string().nullable().meta({ description: 'The product bought; null once it has been deleted' }),
  variantId: z.string().nullable().meta({ description: 'The variant bought; null once it has been deleted' }),
  sku: z.string().nullable(),
  variant: z.string().meta({ description: 'How the variant reads, such as "Width 10 mm · Handle Walnut"; empty for a product sold one way' }),
  product: z.string().meta({ description: "The product's name when the order was placed" }),
  img: z.string().meta({ description: "The product's picture when the order was placed" }),
  unitPrice: z.number().meta({ description: 'US dollars per piece when the order was placed' }),
  quantity: z.number().int(),
  price: z.number().meta({ description: 'US dollars: unit price × quantity' }),
  shippedQuantity: z.number().int().meta({ description: 'Pieces sent by shipments so far' }),
  refundedQuantity: z.number().int().meta({ description: 'Pieces paid back by refunds of this line' }),
  restockedQuantity: z.number().int().meta({ description: 'Pieces refunds put back in stock' }),
  discount: z.number().meta({ description: "US dollars: this line's share of the discount code" }),
  taxRate: z.number().meta({ description: 'The tax rate charged on it, a percentage (0 when none)' }),
  tax: z.number().meta({ description: 'US dollars of tax on the line after its discount (included in its price when prices include tax)' }),
  total: z.number().meta({ description: 'US dollars the line costs: its price after its discount, with its tax when tax is added on top' }),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** How an order is sent: a rate of its zone, or collecting it at the workshop (with where). */
export const shippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['delivery', 'pickup']),
  address: z.string().optional().meta({ description: 'For collecting: the workshop’s address' }),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** Tax of one rate: what it was charged on (without tax) and the tax, in US dollars. */
export const taxByRateSchema = z.object({
  rate: z.number().meta({ description: 'A percentage' }),
  taxable: z.number(),
  tax: z.number(),
});
export type TaxByRateAmounts = z.infer<typeof taxByRateSchema>;

/**
 * An order's amounts, in US dollars: total = subtotal + shipping − discount, plus tax when it is
 * added on top (`taxIncluded` false); with prices that include tax, `tax` is the part of the total that is tax.
 */
export const orderTotalsSchema = z.object({
  subtotal: z.number().meta({ description: 'The sum of the lines, before the discount' }),
  shipping: z.number().meta({ description: "The chosen rate's price" }),
  discount: z.number().meta({ description: 'What the discount code took off, shipping included for a free-shipping code' }),
  tax: z.number(),
  total: z.number().meta({ description: 'What the card is charged' }),
  currency: z.literal('USD'),
  taxIncluded: z.boolean().meta({ description: 'Whether the prices include the tax (EU style) rather than have it added' }),
  reverseCharge: z.boolean().meta({ description: 'A business buyer in another EU country accounts for the VAT: none is charged' }),
  taxByRate: z.array(taxByRateSchema).meta({ description: 'The tax per rate, for receipts and invoices' }),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/**
 * An order as the wire carries it: the specification's fields and spellings, prices in US dollars,
 * with its lines and amounts. The specification's one-product fields describe the whole order:
 * `product` is the first line's name with " and N more", `quantity` the pieces of every line, `price`
 * the total.
 */
export const orderSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable().meta({ description: "The first line's product; null once it has been deleted" }),
  product: z.string().meta({ description: 'The first line\'s name when the order was placed, with " and N more" when it has more lines' }),
  cutomerName: z.string(),
  email: z.string(),
  unitPrice: z.number().meta({ description: 'US dollars per piece of the first line when the order was placed' }),
  price: z.number().meta({ description: 'Total in US dollars' }),
  quantity: z.number().int().meta({ description: 'The pieces of every line' }),
  phone: z.string(),
  adress: z.string().meta({ description: 'The delivery address on one line (the specification spells the field so)' }),
  shippingAddress: postalAddressOutputSchema.optional().meta({
    description: 'The delivery address, structured; absent for an address typed as free text, whose country is unknown',
  }),
  paymentStatus: z.enum(['unpaid', 'paid']),
  transactionId: z.string().optional(),
  shippingStatus: z
    .enum(shippingStatuses)
    .optional()
    .meta({ description: 'For paid orders: pending (some or all pieces still to send), shipped, delivered, or refunded (nothing to send)' }),
  createdAt: z.string(),
  paidAt: z.string().optional(),
  number: z.number().int().meta({ description: 'The order number, such as 1042' }),
  orderNumber: z.string().meta({ description: 'The number people read and search by, such as J-1042' }),
  stage: z.enum(orderStages).meta({ description: 'Where the order stands: unpaid, to-ship, partly-shipped, shipped, delivered, refunded, cancelled or expired' }),
  shippedAt: z.string().optional().meta({ description: 'When its last piece was sent' }),
  carrier: z.string().optional().meta({ description: "The last shipment's carrier" }),
  trackingNumber: z.string().optional().meta({ description: "The last shipment's tracking number" }),
  deliveredAt: z.string().optional(),
  cancelledAt: z.string().optional(),
  cancelReason: z.enum(cancelReasons).optional().meta({ description: 'Who cancelled it, or expired when the shop did because it stayed unpaid' }),
  cardBrand: z.string().optional(),
  cardLast4: z.string().optional(),
  refundedAmount: z.number().meta({ description: 'US dollars refunded so far (0 when none)' }),
  refundStatus: z.enum(refundStatuses).meta({ description: 'none, partial (part of the price refunded) or full' }),
  restockedQuantity: z.number().int().meta({ description: 'How many of its pieces refunds have put back in stock' }),
  unpayable: z.enum(unpayableReasons).optional().meta({
    description: 'In lists and reads, for an unpaid order that cannot be paid now: a line has fewer pieces left than it asks for, or is no longer sold',
  }),
  lines: z.array(orderLineSchema).meta({ description: 'What was bought, in the order of the cart' }),
  totals: orderTotalsSchema,
  shippingMethod: shippingMethodSchema.optional().meta({ description: 'How it is sent: the rate chosen, or collecting it; absent for orders placed before shipping was charged' }),
  discountCode: z.string().optional().meta({ description: 'The discount code it was placed with' }),
  guest: z.boolean().meta({ description: 'Placed without an account: opened from the signed link in its e-mails' }),
  buyerVatNumber: z.string().optional().meta({ description: "A business buyer's VAT number, as the invoice shows it" }),
  buyerCompany: z.string().optional(),
  invoiceNumber: z.string().optional().meta({ description: 'Its invoice’s number (INV-2026-000001), once the payment is captured' }),
});
export type Order = z.infer<typeof orderSchema>;

const quantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(1_000_000, 'That quantity is more than we could ever make');

/** The phone an order (or a whole cart) is delivered with. */
export const deliveryPhoneSchema = z
  .string({ error: orderMessages.phoneRequired })
  .trim()
  .min(1, orderMessages.phoneRequired)
  .max(orderLimits.phone, contactMessages.phoneInvalid)
  .regex(loosePhonePattern, contactMessages.phoneInvalid);

/**
 * `POST /orders`. The server fills in the product's name, the customer's name and e-mail and the
 * price; any such field sent is ignored. `quantiy` (the specification's other spelling) is accepted.
 * Where it goes is a structured `shippingAddress` (ADR 030), or, as the specification's client sends
 * it, `adress` as free text, which the shop keeps with the country unknown.
 */
export const orderInputSchema = z.preprocess(
  (body) => {
    if (!body || typeof body !== 'object') return body;
    const { quantiy, quantity, ...rest } = body as Record<string, unknown>;
    return { ...rest, quantity: quantity ?? quantiy };
  },
  z
    .object({
      productId: z.string({ error: 'productId is Required' }).trim().min(1, 'productId is Required').max(200),
      variantId: z.string().trim().min(1).max(200).optional().meta({ description: 'The variant chosen; required for a product sold in several ways' }),
      quantity: quantitySchema,
      phone: deliveryPhoneSchema,
      shippingAddress: postalAddressSchema.optional(),
      adress: z.string().trim().max(orderLimits.adress).optional(),
      shippingRate: orderChoicesSchema.shape.shippingRate,
      discountCode: orderChoicesSchema.shape.discountCode,
      vatNumber: orderChoicesSchema.shape.vatNumber,
      company: orderChoicesSchema.shape.company,
    })
    .refine((order) => order.shippingAddress !== undefined || Boolean(order.adress), { path: ['shippingAddress'], message: orderMessages.adressRequired }),
);
export type OrderInput = z.output<typeof orderInputSchema>;

/**
 * The purchase page's order form: the phone and address as the server checks them, and the
 * quantity against the product's stock, as the server checks it when the order is placed.
 */
export function orderFormSchema(stock: Stock) {
  return z.object({
    quantity: z.number({ error: orderMessages.orderAtLeast(stock.minQuantity) }).superRefine((quantity, context) => {
      const problem = quantityProblem(quantity, stock);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    phone: deliveryPhoneSchema,
    shippingAddress: postalAddressSchema,
  });
}

export const orderIdParamsSchema = z.object({ id: z.string().max(200) });
export const orderEmailParamsSchema = z.object({ email: z.string().trim().min(1).max(254) });

/**
 * `PUT /orders/{id}`: mark paid. Only `transactionId` counts: the server asks the card processor
 * whether that payment succeeded for this order and amount. Other fields the specification's client
 * sends are ignored.
 */
export const orderPaymentSchema = z
  .object({
    paymentStatus: z.literal('paid'),
    transactionId: z.string().trim().min(1).max(200),
  })
  .loose();

/**
 * The stages Manage Orders filters by: where an order stands (`to-ship` includes the partly shipped,
 * which still have pieces to send; `cancelled` includes the expired), and `refunded` for any order
 * with money given back, whatever its stage.
 */
export const orderListStages = ['unpaid', 'to-ship', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderListStage = (typeof orderListStages)[number];

/** What the admin's list is narrowed to: a stage, and a search by order number, e-mail or name. */
const orderFilterFields = {
  stage: z.enum(orderListStages).optional().meta({ description: 'Only orders at this stage; refunded means any money given back' }),
  q: z.string().trim().max(100).optional().meta({ description: 'An order number (J-1042 or 1042), or part of the e-mail or the customer name' }),
};

/** `GET /orders`: the admin's list, filtered by stage and searched by order number, e-mail or name. */
export const orderListQuerySchema = paginationQuerySchema.extend({ ...cursorQueryFields, ...orderFilterFields }).refine(oneWayToPage, oneWayToPageMessage);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** `GET /orders.csv`: every order of the admin's list with the same filter, as a file. */
export const orderExportQuerySchema = z.object(orderFilterFields);
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

export const shippingMessages = {
  carrierRequired: 'Carrier is Required',
  carrierTooLong: `A carrier's name is at most ${carrierLimits.carrier} characters`,
  trackingInvalid: `A tracking number is up to ${carrierLimits.trackingNumber} letters, digits, spaces and dashes`,
} as const;

/** Who carries a shipped order, and the number to follow it by (none for a parcel without one). */
export const shipmentSchema = z.object({
  carrier: z.string({ error: shippingMessages.carrierRequired }).trim().min(1, shippingMessages.carrierRequired).max(carrierLimits.carrier, shippingMessages.carrierTooLong),
  trackingNumber: z.string().trim().max(carrierLimits.trackingNumber, shippingMessages.trackingInvalid).regex(trackingNumberPattern, shippingMessages.trackingInvalid).optional(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * Manage Orders' ship dialog: a carrier picked from the known ones, or Other with its name typed, and
 * the tracking number; each checked as the server checks the shipment it becomes.
 */
export const shipFormSchema = z
  .object({
    carrierChoice: z.string().min(1, shippingMessages.carrierRequired),
    otherCarrier: z.string(),
    trackingNumber: shipmentSchema.shape.trackingNumber,
  })
  .superRefine(({ carrierChoice, otherCarrier: typed }, context) => {
    if (carrierChoice !== otherCarrier) return;
    const problem = shipmentSchema.shape.carrier.safeParse(typed).error?.issues[0]?.message;
    if (problem) context.addIssue({ code: 'custom', path: ['otherCarrier'], message: problem });
  })
  .transform(({ carrierChoice, otherCarrier: typed, trackingNumber }): Shipment => ({
    carrier: carrierChoice === otherCarrier ? typed.trim() : carrierChoice,
    ...(trackingNumber ? { trackingNumber } : {}),
  }));

/** Some pieces of one line of an order. */
export const linePiecesSchema = z.object({
  lineId: z.string().trim().min(1).max(200),
  quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(1_000_000),
});
export type LinePieces = z.infer<typeof linePiecesSchema>;

/** Lines named once each, for a shipment or a refund. */
export const linePiecesListSchema = z
  .array(linePiecesSchema)
  .min(1, 'Choose at least one line')
  .max(100)
  .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, 'Name each line once');

/**
 * `POST /orders/{id}/shipments`: some or all of the pieces still to send, with who carries them and
 * the number to follow them by. Without `lines`, every piece left.
 */
export const orderShipmentInputSchema = shipmentSchema.extend({ lines: linePiecesListSchema.optional() });
export type OrderShipmentInput = z.infer<typeof orderShipmentInputSchema>;

/** One parcel sent for an order: what was in it, and who carries it. */
export const orderShipmentSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  trackingNumber: z.string().optional(),
  createdAt: z.string(),
  lines: z.array(z.object({ lineId: z.string(), product: z.string(), quantity: z.number().int() })),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/**
 * `POST /cart/checkout`: where the whole cart goes, checked as an order's phone and address are, how
 * it is sent, and a discount code. A signed-in customer's lines, their prices and the total come from
 * their cart on the server, never the browser; a guest (no session) sends `email` and the `lines` of
 * the cart their browser keeps, which the server prices all the same.
 */
export const cartCheckoutInputSchema = orderChoicesSchema.extend({
  phone: deliveryPhoneSchema,
  shippingAddress: postalAddressSchema,
  email: z.string().pipe(emailFieldSchema).optional().meta({ description: 'A guest’s e-mail address; ignored when signed in' }),
  lines: z.array(cartLineInputSchema).max(cartLimits.lines).optional().meta({ description: 'A guest’s cart; ignored when signed in' }),
});
export type CartCheckoutInput = z.input<typeof cartCheckoutInputSchema>;
export type CartCheckout = z.output<typeof cartCheckoutInputSchema>;

/**
 * The checkout page's form: where it goes, how, with which code, and, for a guest, the e-mail address
 * every message about the order goes to (required of a guest, ignored when signed in).
 */
export function checkoutFormSchema({ guest }: { guest: boolean }) {
  const email = guest ? z.string({ error: contactMessages.emailRequired }).pipe(emailFieldSchema) : z.string().optional();
  return cartCheckoutInputSchema.omit({ lines: true }).extend({ email });
}

/** The phone and structured address of the customer's last order, to fill the checkout's form with; null for a first order. */
export const lastDeliverySchema = z.object({ phone: z.string(), shippingAddress: postalAddressOutputSchema.nullable() }).nullable();
export type LastDelivery = z.infer<typeof lastDeliverySchema>;

/** `PATCH /orders/{id}/shipping`: shipped (every piece left, with its carrier and tracking number); or delivered. */
export const shippingUpdateSchema = z.discriminatedUnion('shippingStatus', [
  shipmentSchema.extend({ shippingStatus: z.literal('shipped') }),
  z.object({ shippingStatus: z.literal('delivered') }),
]);
export type ShippingUpdate = z.infer<typeof shippingUpdateSchema>;

export const paymentIntentInputSchema = z.object({ orderId: z.string().trim().min(1).max(200) });
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  transactionId: z.string().meta({ description: "The processor's id for this payment" }),
  gateway: z.enum(['local', 'stripe']),
  publishableKey: z.string().optional().meta({ description: "Stripe's publishable key, with the stripe gateway" }),
  amount: z.number().meta({ description: 'US dollars to be charged: the order total' }),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** The local test processor's card form. Card numbers are checked, never stored (only the brand and last four) or logged. */
export const localCardPaymentSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().min(1, cardMessages.numberInvalid).max(30, cardMessages.numberInvalid),
  expiry: z.string().trim().min(1, cardMessages.expiryInvalid).max(10, cardMessages.expiryInvalid),
  cvc: z.string().trim().min(1, cardMessages.cvcInvalid).max(4, cardMessages.cvcInvalid),
  name: cardholderNameSchema,
});
export type LocalCardPayment = z.infer<typeof localCardPaymentSchema>;
