import { z } from 'zod';
import { countryName, regionsOf } from '../postal-addresses.ts';
import { optionalRegionCodeSchema } from './order-choices.ts';

export const taxMessages = {
  rate: 'A percentage from 0 to 100, with at most four decimals',
  countryUnknown: (code: string) => `${code} is not a country code the shop knows`,
  regionUnknown: (code: string) => `${code} is not a region of this country`,
  twice: 'This place has a rate already',
} as const;

/** A percentage with at most four decimals (8.875 % is New York City's): the table keeps it in parts per million. */
const percent = z
  .number({ error: taxMessages.rate })
  .refine((rate) => Number.isFinite(rate) && rate >= 0 && rate <= 100 && Math.abs(rate * 10_000 - Math.round(rate * 10_000)) < 1e-6, taxMessages.rate);

/** One rate: a US state's sales tax (`region` US-CA), or a country's VAT (no region). */
export const taxRateInputSchema = z
  .object({
    country: z
      .string()
      .trim()
      .transform((code) => code.toUpperCase())
      .refine((code) => countryName(code) !== undefined, { error: (issue) => taxMessages.countryUnknown(String(issue.input)) }),
    region: optionalRegionCodeSchema.meta({ description: 'ISO 3166-2 (US-CA): a rate for that region only' }),
    rate: percent.meta({ description: 'A percentage: 7.25 for 7.25 %' }),
    taxShipping: z.boolean().meta({ description: 'Whether shipping there is taxed at the same rate' }),
  })
  .superRefine((rate, context) => {
    if (rate.region && !(rate.region.startsWith(`${rate.country}-`) && regionsOf(rate.country).some((option) => option.code === rate.region))) {
      context.addIssue({ code: 'custom', path: ['region'], message: taxMessages.regionUnknown(rate.region) });
    }
  });
export type TaxRateInput = z.infer<typeof taxRateInputSchema>;

/** `PUT /tax-settings` (admins): whether prices include tax, and the rate of each place that has one. */
export const taxSettingsInputSchema = z.object({
  pricesIncludeTax: z.boolean().meta({ description: 'true: the prices entered include tax (EU style); false: tax is added on top (US style)' }),
  rates: z
    .array(taxRateInputSchema)
    .max(500)
    .superRefine((rates, context) => {
      const seen = new Set<string>();
      rates.forEach((rate, index) => {
        const key = `${rate.country}:${rate.region ?? ''}`;
        if (seen.has(key)) context.addIssue({ code: 'custom', path: [index, rate.region ? 'region' : 'country'], message: taxMessages.twice });
        seen.add(key);
      });
    }),
});
export type TaxSettingsInput = z.infer<typeof taxSettingsInputSchema>;

export const taxSettingsSchema = z.object({
  pricesIncludeTax: z.boolean(),
  rates: z.array(z.object({ country: z.string(), region: z.string().optional(), rate: z.number(), taxShipping: z.boolean() })),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;
