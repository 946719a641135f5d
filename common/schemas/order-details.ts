import { z } from 'zod';
import { orderSchema, orderShipmentSchema } from './orders.ts';
import { orderReturnSchema, returnableSchema } from './returns.ts';
import { termsAcceptedSchema } from './shop-pages.ts';

/** One refund of an order, as its detail page shows it: dollars, why, and how many pieces went back to stock. */
export const orderRefundSchema = z.object({
  id: z.string(),
  amount: z.number().meta({ description: 'US dollars given back' }),
  reason: z.string(),
  restockedQuantity: z.number().int().meta({ description: 'Pieces returned to stock with this refund (0 when none)' }),
  createdAt: z.string(),
  pending: z.boolean().optional().meta({ description: 'true while the card processor has not made it yet: the amount is held for it' }),
  lines: z
    .array(z.object({ lineId: z.string(), product: z.string(), quantity: z.number().int(), restock: z.number().int() }))
    .optional()
    .meta({ description: 'For a refund by line: the pieces of each line paid back, and how many of them went back to stock' }),
  creditNoteNumber: z.string().optional().meta({ description: 'Its credit note’s number (CN-2026-000001), once the refund is made' }),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const timelineKinds = [
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'refunded',
  'return-requested',
  'return-approved',
  'return-refused',
  'return-received',
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** One thing that happened to an order, with when; the fields beside `kind` and `at` belong to some kinds only. */
export const timelineEntrySchema = z.object({
  kind: z.enum(timelineKinds),
  at: z.string(),
  carrier: z.string().optional().meta({ description: 'shipped: who carries it' }),
  trackingNumber: z.string().optional().meta({ description: "shipped: the carrier's tracking number" }),
  trackingUrl: z.string().optional().meta({ description: "shipped: the carrier's tracking page, when the carrier is one the shop knows" }),
  items: z
    .array(z.object({ product: z.string(), quantity: z.number().int() }))
    .optional()
    .meta({ description: 'shipped: what the parcel held; refunded: the pieces paid back, for a refund by line; return-*: the pieces sent back' }),
  cancelledBy: z.enum(['customer', 'admin']).optional().meta({ description: 'cancelled: who cancelled it' }),
  amount: z.number().optional().meta({ description: 'refunded: US dollars given back' }),
  reason: z.string().optional().meta({ description: 'refunded: why; return-requested: the customer’s reason; return-refused: the shop’s' }),
  returnNumber: z.string().optional().meta({ description: 'return-*: the return number' }),
  resolution: z.enum(['refund', 'exchange']).optional().meta({ description: 'return-received: refunded or exchanged' }),
  exchangeOrderNumber: z.string().optional().meta({ description: 'return-received by exchange: the order that sends the other variant' }),
  restockedQuantity: z.number().int().optional().meta({ description: 'refunded: pieces returned to stock' }),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** The longest internal note on an order, in characters. */
export const orderNoteMaxLength = 2000;

export const orderNoteMessages = {
  textRequired: 'Write the note first',
  textTooLong: `A note is at most ${orderNoteMaxLength.toLocaleString('en-US')} characters`,
} as const;

/** `POST /orders/{id}/notes`: a staff member's internal note on an order, and the notes panel's form. */
export const orderNoteInputSchema = z.object({
  text: z
    .string({ error: orderNoteMessages.textRequired })
    .trim()
    .min(1, orderNoteMessages.textRequired)
    .max(orderNoteMaxLength, orderNoteMessages.textTooLong)
    .meta({ description: `What the workshop should know, up to ${orderNoteMaxLength} characters` }),
});
export type OrderNoteInput = z.infer<typeof orderNoteInputSchema>;

/** An internal note on an order, as staff read it. */
export const orderNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string().meta({ description: 'Who wrote it, as they were named then' }),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** `GET /orders/{id}/details`: everything the order's detail page shows. */
export const orderDetailsSchema = z.object({
  order: orderSchema,
  refunds: z.array(orderRefundSchema).meta({ description: 'Oldest first' }),
  shipments: z.array(orderShipmentSchema).meta({ description: 'The parcels sent, oldest first' }),
  timeline: z.array(timelineEntrySchema).meta({ description: 'What happened to the order, oldest first' }),
  returns: z.array(orderReturnSchema).default([]).meta({ description: 'The customer’s returns of this order, oldest first' }),
  returnable: returnableSchema.optional().meta({ description: 'A delivered order within the return window: what may still be sent back, and until when' }),
  notes: z.array(orderNoteSchema).optional().meta({ description: "Staff's internal notes, newest first: in an admin's answer only, never in the customer's or a guest's" }),
  termsAccepted: termsAcceptedSchema
    .optional()
    .meta({ description: 'The version of the terms of sale in force when the order was placed (ADR 044): in an admin’s answer only; none for orders placed before' }),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
