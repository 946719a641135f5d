import { z } from 'zod';
import { postalAddressOutputSchema, postalAddressSchema } from './postal-addresses.ts';

export const sellerLimits = { name: 120, taxNumber: 40 } as const;

export const sellerMessages = {
  nameRequired: 'The name invoices carry is Required',
  taxNumber: `At most ${sellerLimits.taxNumber} letters, digits, spaces, dots and dashes`,
} as const;

/**
 * `PUT /shop-settings` (admins): who sells, as invoices name the seller (its name, address and tax
 * number), and whether customers may collect their orders from that address.
 */
export const shopSettingsInputSchema = z.object({
  seller: z.object({
    name: z.string({ error: sellerMessages.nameRequired }).trim().min(1, sellerMessages.nameRequired).max(sellerLimits.name),
    address: postalAddressSchema,
    taxNumber: z
      .string()
      .trim()
      .max(sellerLimits.taxNumber, sellerMessages.taxNumber)
      .regex(/^[\w .\-/]*$/, sellerMessages.taxNumber)
      .transform((number) => number || undefined)
      .optional()
      .meta({ description: 'The VAT or sales-tax registration number invoices carry' }),
  }),
  pickup: z.object({ enabled: z.boolean().meta({ description: 'Offer "Collect from the workshop" at the seller’s address, at no charge' }) }),
});
export type ShopSettingsInput = z.infer<typeof shopSettingsInputSchema>;

export const shopSettingsSchema = z.object({
  seller: z.object({ name: z.string(), address: postalAddressOutputSchema, taxNumber: z.string().optional() }),
  pickup: z.object({ enabled: z.boolean() }),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
