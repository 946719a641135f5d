import { z } from 'zod';
import { centsToDollars, dollarsToCents, formatUsd } from '../money.ts';
import { maxOrderTotalCents } from '../ordering.ts';
import { linePiecesListSchema, orderSchema } from './orders.ts';

export const refundLimits = { reason: 500 } as const;

export const refundMessages = {
  amountRequired: 'Enter the amount to refund',
  amountPositive: 'The amount must be at least $0.01',
  amountCents: 'Use at most two decimals (whole cents)',
  amountTooLarge: (left: number) => `At most ${formatUsd(left)} is left to refund`,
  reasonRequired: 'Say why you are refunding',
  reasonTooLong: `The reason can be at most ${refundLimits.reason} characters`,
  restockInvalid: 'The pieces to return to stock must be a whole number, 0 or more',
} as const;

/** Whether a number of dollars is a whole number of cents (the float error of typed decimals aside). */
const wholeCents = (dollars: number) => Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6;

const amountSchema = z
  .number({ error: refundMessages.amountRequired })
  .refine(Number.isFinite, refundMessages.amountRequired)
  // At least a whole cent: a smaller amount would be recorded, and mailed, as $0.00.
  .refine((amount) => amount > 0 && dollarsToCents(amount) >= 1, refundMessages.amountPositive)
  .refine(wholeCents, refundMessages.amountCents)
  .refine((amount) => amount <= centsToDollars(maxOrderTotalCents), refundMessages.amountTooLarge(centsToDollars(maxOrderTotalCents)));

const reasonSchema = z.string({ error: refundMessages.reasonRequired }).trim().min(1, refundMessages.reasonRequired).max(refundLimits.reason, refundMessages.reasonTooLong);

const idempotencyKeySchema = z.uuid('idempotencyKey must be a UUID');

/**
 * `POST /orders/{id}/refunds`, by amount: give back `amount` US dollars of a paid order, for `reason`
 * (the customer reads it), putting `restock` pieces back in stock (0 for none; only for an order of
 * one line, at most those not returned by an earlier refund).
 */
export const amountRefundInputSchema = z.object({
  amount: amountSchema,
  reason: reasonSchema,
  restock: z
    .number({ error: refundMessages.restockInvalid })
    .int(refundMessages.restockInvalid)
    .min(0, refundMessages.restockInvalid)
    .max(1_000_000, refundMessages.restockInvalid),
  idempotencyKey: idempotencyKeySchema,
});

/**
 * `POST /orders/{id}/refunds`, by line: give back these pieces of these lines, at the price they were
 * bought for, and return them to stock when `restock` is true.
 */
export const lineRefundInputSchema = z.object({
  lines: linePiecesListSchema,
  reason: reasonSchema,
  restock: z.boolean({ error: 'restock must be true or false' }),
  idempotencyKey: idempotencyKeySchema,
});

/**
 * `POST /orders/{id}/refunds`: by amount or by line. `idempotencyKey` is made once per refund form:
 * the same key refunds once, however often it is sent.
 */
export const refundInputSchema = z.union([lineRefundInputSchema, amountRefundInputSchema]);
export type RefundInput = z.infer<typeof refundInputSchema>;

/**
 * The refund form: the amount at most what is left of this order to refund, the reason as the
 * server checks it, and a yes or no for returning the pieces not returned yet.
 */
export function refundFormSchema(leftToRefund: number) {
  return z.object({
    amount: amountSchema.refine((amount) => dollarsToCents(amount) <= dollarsToCents(leftToRefund), refundMessages.amountTooLarge(leftToRefund)),
    reason: reasonSchema,
    restock: z.boolean(),
  });
}

/** What a refund answers: the order as the refund left it, and the refund with its amount. */
export const refundResultSchema = orderSchema.extend({
  refund: z.object({ id: z.string(), amount: z.number().meta({ description: 'US dollars given back' }), pending: z.boolean().optional() }),
});
export type RefundResult = z.infer<typeof refundResultSchema>;
