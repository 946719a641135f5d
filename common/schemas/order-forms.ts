import { z } from 'zod';
import { pieces } from '../plurals.ts';
import { type LinePieces, type OrderShipmentInput, shipFormSchema } from './orders.ts';
import { lineRefundInputSchema } from './refunds.ts';
import { returnRequestInputSchema } from './returns.ts';
import { returnMessages } from '../returns.ts';

export const orderFormMessages = {
  wholePieces: 'Enter a whole number of pieces, 0 or more',
  tooManyToShip: (most: number) => `Only ${pieces(most)} left to ship`,
  noneToShip: 'Choose at least one piece to ship',
  tooManyToRefund: (most: number) => `Only ${pieces(most)} can be refunded`,
  noneToRefund: 'Choose at least one piece to refund',
  tooManyToReturn: (most: number) => `Only ${pieces(most)} can be sent back`,
} as const;

/** A line of an order in a form that picks some of its pieces: at most `most` of them can be picked. */
export interface LineBound {
  lineId: string;
  most: number;
}

/**
 * One number per line, typed by the admin: 0 leaves the line out, more than `most` is refused on that
 * line, and all at 0 is refused as a whole. What is sent is the lines with pieces, as the server takes
 * them (`linePiecesListSchema`).
 */
function pickedPiecesSchema(bounds: readonly LineBound[], messages: { tooMany: (most: number) => string; none: string }) {
  const mostOf = new Map(bounds.map((bound) => [bound.lineId, bound.most]));
  return z
    .array(
      z
        .object({
          lineId: z.string(),
          quantity: z.number({ error: orderFormMessages.wholePieces }).int(orderFormMessages.wholePieces).min(0, orderFormMessages.wholePieces),
        })
        .superRefine((row, context) => {
          const most = mostOf.get(row.lineId) ?? 0;
          if (row.quantity > most) context.addIssue({ code: 'custom', path: ['quantity'], message: messages.tooMany(most) });
        }),
    )
    .refine((rows) => rows.some((row) => row.quantity > 0), messages.none)
    .transform((rows): LinePieces[] => rows.filter((row) => row.quantity > 0));
}

/**
 * The ship dialog: how many pieces of each line go in this parcel (at most those left to ship), and
 * the carrier and tracking number as `shipFormSchema` checks them; it becomes `POST /orders/{id}/shipments`.
 */
export function shipLinesFormSchema(bounds: readonly LineBound[]) {
  return z
    .object({ shipment: shipFormSchema, lines: pickedPiecesSchema(bounds, { tooMany: orderFormMessages.tooManyToShip, none: orderFormMessages.noneToShip }) })
    .transform(({ shipment, lines }): OrderShipmentInput => ({ ...shipment, lines }));
}

/**
 * The refund dialog by item: how many pieces of each line are paid back (at most those bought and not
 * refunded yet), whether they go back to stock, and the reason as the server checks it.
 */
export function lineRefundFormSchema(bounds: readonly LineBound[]) {
  return z.object({
    lines: pickedPiecesSchema(bounds, { tooMany: orderFormMessages.tooManyToRefund, none: orderFormMessages.noneToRefund }),
    restock: z.boolean(),
    reason: lineRefundInputSchema.shape.reason,
  });
}

/**
 * The customer's return dialog: how many pieces of each line go back (at most those delivered and not
 * sent back or refunded yet), why, and a note, as `POST /orders/{id}/returns` takes them.
 */
export function returnRequestFormSchema(bounds: readonly LineBound[]) {
  return z.object({
    lines: pickedPiecesSchema(bounds, { tooMany: orderFormMessages.tooManyToReturn, none: returnMessages.choosePieces }),
    reason: returnRequestInputSchema.shape.reason,
    note: returnRequestInputSchema.shape.note,
  });
}
