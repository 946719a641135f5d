import { z } from 'zod';
import { countryName, regionsOf } from '../postal-addresses.ts';
import { dollarAmountSchema } from './dollar-amounts.ts';

export const shippingLimits = { zones: 50, ratesPerZone: 20, countriesPerZone: 250, regionsPerZone: 500, name: 60, maxPrice: 10_000, maxWeightGrams: 1_000_000 } as const;

export const shippingMessages = {
  zoneNameRequired: 'Name the zone',
  rateNameRequired: 'Name the rate (Standard, Express)',
  nameTooLong: `A name is at most ${shippingLimits.name} characters`,
  countriesRequired: 'Choose at least one country',
  countryUnknown: (code: string) => `${code} is not a country code the shop knows`,
  regionUnknown: (code: string) => `${code} is not a region of this zone's countries`,
  ratesRequired: 'Give the zone at least one rate',
  price: `A price from $0.00 to $${shippingLimits.maxPrice.toLocaleString('en-US')}, in dollars and cents`,
  freeOver: 'An amount in dollars and cents, or nothing',
  weight: `Grams, a whole number up to ${shippingLimits.maxWeightGrams.toLocaleString('en-US')}`,
  weightBand: 'The lightest weight must not be above the heaviest',
  sameName: 'Two zones have this name',
  regionTwice: 'Another zone covers this region already',
  countryTwice: 'Another zone covers this whole country already',
} as const;

const countryCode = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => countryName(code) !== undefined, { error: (issue) => shippingMessages.countryUnknown(String(issue.input)) });

const weightGrams = z
  .number({ error: shippingMessages.weight })
  .int(shippingMessages.weight)
  .min(0, shippingMessages.weight)
  .max(shippingLimits.maxWeightGrams, shippingMessages.weight);
const dollars = dollarAmountSchema({ min: 0, max: shippingLimits.maxPrice, message: shippingMessages.price });
const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\w-]+$/);

/** One rate of a zone: its price, for orders of a band of weights, free from an amount of goods on. */
export const shippingRateInputSchema = z
  .object({
    id: idSchema.optional().meta({ description: 'Kept when given (the rate as read); a new rate gets one' }),
    name: z.string({ error: shippingMessages.rateNameRequired }).trim().min(1, shippingMessages.rateNameRequired).max(shippingLimits.name, shippingMessages.nameTooLong),
    price: dollars.meta({ description: 'US dollars' }),
    minWeightGrams: weightGrams.optional().meta({ description: "The order's lightest weight for this rate, in grams, included" }),
    maxWeightGrams: weightGrams.optional().meta({ description: "The order's heaviest weight for this rate, in grams, included" }),
    freeOverSubtotal: dollarAmountSchema({ min: 0, max: 1_000_000, message: shippingMessages.freeOver })
      .optional()
      .meta({ description: 'US dollars: from this amount of goods (after any discount) on, the rate costs nothing' }),
  })
  .refine((rate) => rate.minWeightGrams === undefined || rate.maxWeightGrams === undefined || rate.minWeightGrams <= rate.maxWeightGrams, {
    path: ['maxWeightGrams'],
    message: shippingMessages.weightBand,
  });
export type ShippingRateInput = z.infer<typeof shippingRateInputSchema>;

/** One zone: a name, the countries it covers (only in `regions`, for a country some of whose regions are listed), and its rates. */
export const shippingZoneInputSchema = z
  .object({
    id: idSchema.optional().meta({ description: 'Kept when given (the zone as read); a new zone gets one' }),
    name: z.string({ error: shippingMessages.zoneNameRequired }).trim().min(1, shippingMessages.zoneNameRequired).max(shippingLimits.name, shippingMessages.nameTooLong),
    countries: z.array(countryCode).min(1, shippingMessages.countriesRequired).max(shippingLimits.countriesPerZone),
    regions: z
      .array(z.string().trim().toUpperCase().max(10))
      .max(shippingLimits.regionsPerZone)
      .optional()
      .meta({ description: 'ISO 3166-2 codes (US-CA): where given for a country, the zone covers only those regions of it' }),
    rates: z.array(shippingRateInputSchema).min(1, shippingMessages.ratesRequired).max(shippingLimits.ratesPerZone),
  })
  .superRefine((zone, context) => {
    for (const [index, region] of (zone.regions ?? []).entries()) {
      const country = region.slice(0, 2);
      if (!zone.countries.includes(country) || !regionsOf(country).some((option) => option.code === region)) {
        context.addIssue({ code: 'custom', path: ['regions', index], message: shippingMessages.regionUnknown(region) });
      }
    }
  });
export type ShippingZoneInput = z.infer<typeof shippingZoneInputSchema>;

/** What the zone covers, country by country: every region of a country, or only those it lists. */
export function zoneAreas(zone: Pick<ShippingZoneInput, 'countries' | 'regions'>): { country: string; region: string | null }[] {
  return zone.countries.flatMap((country): { country: string; region: string | null }[] => {
    const listed = (zone.regions ?? []).filter((region) => region.startsWith(`${country}-`));
    return listed.length > 0 ? listed.map((region) => ({ country, region })) : [{ country, region: null }];
  });
}

/**
 * `PUT /shipping-zones` (admins): the whole table, in the order zones are tried. No two zones cover
 * the same region, or the same whole country, so that an address always has one zone.
 */
export const shippingZonesInputSchema = z
  .array(shippingZoneInputSchema)
  .max(shippingLimits.zones)
  .superRefine((zones, context) => {
    const names = zones.map((zone) => zone.name.toLowerCase());
    const covered = new Map<string, number>();
    zones.forEach((zone, index) => {
      if (names.indexOf(zone.name.toLowerCase()) !== index) context.addIssue({ code: 'custom', path: [index, 'name'], message: shippingMessages.sameName });
      for (const area of zoneAreas(zone)) {
        const key = `${area.country}:${area.region ?? '*'}`;
        const earlier = covered.get(key);
        if (earlier !== undefined && earlier !== index) {
          context.addIssue({
            code: 'custom',
            path: area.region ? [index, 'regions'] : [index, 'countries'],
            message: area.region ? shippingMessages.regionTwice : shippingMessages.countryTwice,
          });
        }
        covered.set(key, index);
      }
    });
  });

export const shippingRateSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  minWeightGrams: z.number().int().optional(),
  maxWeightGrams: z.number().int().optional(),
  freeOverSubtotal: z.number().optional(),
});

export const shippingZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  regions: z.array(z.string()).optional(),
  rates: z.array(shippingRateSchema),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;
