import { z } from 'zod';
import { returnLimits, returnMessages, returnReasons, returnResolutions, returnStatuses, returnWindowLimits } from '../returns.ts';
import { paginationQuerySchema } from './pagination.ts';

/** `POST /orders/{id}/returns`: the pieces of each line the customer sends back, why, and a note. */
export const returnRequestInputSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.string().min(1).max(200),
        quantity: z.coerce.number().int().min(0).max(10_000).meta({ description: 'Pieces of this line to send back (0: none)' }),
      }),
    )
    .max(100)
    .transform((lines) => lines.filter((line) => line.quantity > 0))
    .refine((lines) => lines.length > 0, returnMessages.choosePieces)
    .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, 'Name each line once'),
  reason: z.enum(returnReasons, { error: returnMessages.chooseReason }),
  note: z
    .string()
    .trim()
    .max(returnLimits.note, returnMessages.noteTooLong)
    .transform((note) => note || undefined)
    .optional(),
});
export type ReturnRequestInput = z.infer<typeof returnRequestInputSchema>;

/** `PATCH /returns/{id}`: the admin's decision, each allowed from one status only. */
export const returnDecisionInputSchema = z
  .object({
    decision: z.enum(['approve', 'refuse', 'received']),
    resolution: z.enum(returnResolutions).optional().meta({ description: 'received: refund the pieces, or exchange them for another variant' }),
    exchangeVariantId: z.string().min(1).max(200).optional().meta({ description: 'received with exchange: the variant of the same product to send' }),
    reason: z.string().trim().max(returnLimits.refusalReason, returnMessages.refusalReasonTooLong).optional().meta({ description: 'refuse: why, as the customer reads it' }),
  })
  .superRefine((input, context) => {
    if (input.decision === 'refuse' && !input.reason) context.addIssue({ code: 'custom', path: ['reason'], message: returnMessages.refusalReasonRequired });
    if (input.decision === 'received' && !input.resolution) context.addIssue({ code: 'custom', path: ['resolution'], message: returnMessages.resolutionRequired });
    if (input.decision === 'received' && input.resolution === 'exchange' && !input.exchangeVariantId)
      context.addIssue({ code: 'custom', path: ['exchangeVariantId'], message: returnMessages.variantRequired });
  });
export type ReturnDecisionInput = z.infer<typeof returnDecisionInputSchema>;

export const returnIdParamsSchema = z.object({ id: z.string().max(200) });

/** One return as its customer and the admin read it. */
export const orderReturnSchema = z.object({
  id: z.string(),
  number: z.string().meta({ description: 'The return number, such as J-1042-R1' }),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  status: z.enum(returnStatuses),
  reason: z.enum(returnReasons),
  note: z.string().optional(),
  lines: z.array(z.object({ lineId: z.string(), product: z.string(), variant: z.string(), quantity: z.number().int() })),
  refusalReason: z.string().optional(),
  resolution: z.enum(returnResolutions).optional(),
  refundId: z.string().optional().meta({ description: 'The refund that paid the pieces back (or an exchange’s difference)' }),
  exchange: z
    .object({
      orderId: z.string(),
      orderNumber: z.string(),
      variant: z.string(),
      amountDue: z.number().meta({ description: 'US dollars the customer pays for the dearer variant (0 when none)' }),
    })
    .optional(),
  createdAt: z.string(),
  decidedAt: z.string().optional(),
  receivedAt: z.string().optional(),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

/** What the customer may still send back of a delivered order: until when, and how many pieces of each line. */
export const returnableSchema = z.object({
  until: z.string().meta({ description: 'The end of the return window' }),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
});
export type Returnable = z.infer<typeof returnableSchema>;

/** `GET /returns`: the admin's list, at a status (those waiting for a decision when none is given). */
export const returnListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(returnStatuses).optional(),
});
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;

/** `GET` and `PUT /return-settings` (the owner): how many days after delivery pieces may be sent back. */
export const returnSettingsSchema = z.object({
  windowDays: z.coerce
    .number({ error: returnMessages.windowDays })
    .int(returnMessages.windowDays)
    .min(returnWindowLimits.min, returnMessages.windowDays)
    .max(returnWindowLimits.max, returnMessages.windowDays)
    .meta({ description: 'Days after delivery within which a customer may ask to return pieces' }),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;

/** The admin's Refuse form: why, as the customer reads it. */
export const returnRefusalFormSchema = z.object({
  reason: z.string().trim().min(1, returnMessages.refusalReasonRequired).max(returnLimits.refusalReason, returnMessages.refusalReasonTooLong),
});

/** The admin's Mark received form: a refund, or an exchange for the variant chosen. */
export const returnReceiptFormSchema = z
  .object({ resolution: z.enum(returnResolutions, { error: returnMessages.resolutionRequired }), exchangeVariantId: z.string() })
  .superRefine((input, context) => {
    if (input.resolution === 'exchange' && !input.exchangeVariantId) context.addIssue({ code: 'custom', path: ['exchangeVariantId'], message: returnMessages.variantRequired });
  })
  .transform(({ resolution, exchangeVariantId }): ReturnDecisionInput => ({ decision: 'received', resolution, ...(resolution === 'exchange' && { exchangeVariantId }) }));
