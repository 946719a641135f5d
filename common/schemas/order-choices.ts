import { z } from 'zod';

/** A region code as typed with an address or a rate (US-CA), upper case; blank is none. */
export const optionalRegionCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(10)
  .transform((region) => region || undefined)
  .optional();

/** A business buyer's VAT number, checked against its country's format by the server (common/order-pricing.ts). */
export const vatNumberSchema = z
  .string()
  .trim()
  .max(20, 'A VAT number is at most 20 characters')
  .transform((number) => number || undefined)
  .optional();

/** What prices an order or a cart besides its lines: how it is sent, a discount code, a business buyer's VAT number and company. */
export const orderChoicesSchema = z.object({
  shippingRate: z.string().trim().max(60).optional().meta({ description: "A rate's id from the quote's shippingRates; the cheapest delivery that applies when left out" }),
  discountCode: z
    .string()
    .trim()
    .max(64)
    .transform((code) => (code ? code.toUpperCase() : undefined))
    .optional(),
  vatNumber: vatNumberSchema.meta({ description: 'A business buyer’s VAT number: in another EU country than the shop’s, no VAT is charged (reverse charge)' }),
  company: z
    .string()
    .trim()
    .max(120)
    .transform((company) => company || undefined)
    .optional(),
});
