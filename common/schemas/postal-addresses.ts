import { z } from 'zod';
import { addressLimits, addressMessages, addressProblems } from '../postal-addresses.ts';

const text = (required: string, limit: number) => z.string({ error: required }).trim().min(1, required).max(limit, addressMessages.tooLong(limit));
const optionalText = (limit: number) =>
  z
    .string()
    .trim()
    .max(limit, addressMessages.tooLong(limit))
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * A postal address as every call and form takes it (a delivery, an address book entry): each field
 * checked, then the country, its region and its postal code checked together, each problem on its
 * own field. The country and region are codes (US, US-CA); a postal code is kept as typed, trimmed.
 */
export const postalAddressSchema = z
  .object({
    name: text(addressMessages.nameRequired, addressLimits.name),
    line1: text(addressMessages.line1Required, addressLimits.line),
    line2: optionalText(addressLimits.line),
    city: text(addressMessages.cityRequired, addressLimits.city),
    region: optionalText(20),
    postalCode: optionalText(addressLimits.postalCode),
    country: z
      .string({ error: addressMessages.countryRequired })
      .trim()
      .min(1, addressMessages.countryRequired)
      .max(2, addressMessages.countryUnknown)
      .transform((code) => code.toUpperCase()),
  })
  .superRefine((address, context) => {
    // A country longer than a code, or none, is refused above, on its own; any other is looked up.
    if (address.country.length === 0 || address.country.length > 2) return;
    for (const problem of addressProblems(address)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type PostalAddressInput = z.input<typeof postalAddressSchema>;

/** A structured address as answers carry it. */
export const postalAddressOutputSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string().optional().meta({ description: 'ISO 3166-2, such as US-CA' }),
  postalCode: z.string().optional(),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2, such as US' }),
});
