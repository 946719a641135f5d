import { euCountries, percentToPpm } from '../../../common/order-pricing.ts';
import { newRecordId } from '../../record-id.ts';
import { createPricingSettingsRepository, defaultSeller } from '../../modules/pricing/pricing-settings-repository.ts';
import type { Database } from '../database.ts';

/**
 * What the demo shop charges, seeded with its catalogue at the first start (ADR 038), so that a new
 * shop shows shipping and tax working; its owner changes or replaces every table from the dashboard.
 * Rates by weight in the United States, free from $150; flat rates to Canada and Europe; collecting
 * at the Portland workshop; sales tax in a few states (Oregon, the workshop's, has none).
 */
const zones = [
  {
    name: 'United States',
    areas: [{ country: 'US' }],
    rates: [
      { name: 'Standard', priceCents: 850, minWeightGrams: 0, maxWeightGrams: 2000, freeOverCents: 15_000 },
      { name: 'Standard', priceCents: 1400, minWeightGrams: 2001, maxWeightGrams: 10_000, freeOverCents: 15_000 },
      { name: 'Heavy freight', priceCents: 3500, minWeightGrams: 10_001, maxWeightGrams: null, freeOverCents: null },
      { name: 'Express', priceCents: 2900, minWeightGrams: 0, maxWeightGrams: 10_000, freeOverCents: null },
    ],
  },
  { name: 'Canada', areas: [{ country: 'CA' }], rates: [{ name: 'Standard', priceCents: 2200, minWeightGrams: null, maxWeightGrams: null, freeOverCents: 30_000 }] },
  {
    name: 'Europe',
    areas: [...euCountries, 'GB', 'NO', 'CH'].map((country) => ({ country })),
    rates: [{ name: 'Standard', priceCents: 3200, minWeightGrams: null, maxWeightGrams: null, freeOverCents: null }],
  },
];

const salesTax = [
  { region: 'US-CA', rate: 7.25, taxShipping: false },
  { region: 'US-IL', rate: 6.25, taxShipping: false },
  { region: 'US-NY', rate: 4, taxShipping: true },
  { region: 'US-TX', rate: 6.25, taxShipping: true },
  { region: 'US-WA', rate: 6.5, taxShipping: true },
];

/** The seed is no staff action: it leaves nothing in the audit trail (ADR 043). */
const notRecorded = async () => {};

/** Seeds the demo shop's shipping zones, tax table and collecting at the workshop; only into a shop that has no zones. */
export async function seedDemoCharges(db: Database): Promise<void> {
  const settings = createPricingSettingsRepository(db);
  if ((await settings.zones()).length > 0) return;
  await settings.replaceZones(
    zones.map((zone) => ({
      id: newRecordId(),
      name: zone.name,
      areas: zone.areas.map((area) => ({ country: area.country, region: null })),
      rates: zone.rates.map((rate) => ({ id: newRecordId(), ...rate })),
    })),
    notRecorded,
  );
  await settings.replaceTax(
    false,
    salesTax.map((tax) => ({ country: 'US', region: tax.region, ratePpm: percentToPpm(tax.rate), taxShipping: tax.taxShipping })),
    notRecorded,
  );
  await settings.putShopSettings(defaultSeller, { enabled: true }, notRecorded);
}
