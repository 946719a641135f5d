import { euCountries, percentToPpm } from '../../../common/order-pricing.ts';
import { newRecordId } from '../../record-id.ts';
import { settingKeys } from '../../modules/pricing/pricing-settings-repository.ts';
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

/** Seeds the demo shop's shipping zones, tax table and collecting at the workshop; only into a shop that has none. */
export async function seedDemoCharges(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('shipping_zones').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    for (const [position, zone] of zones.entries()) {
      const zoneId = newRecordId();
      await trx.insertInto('shipping_zones').values({ id: zoneId, name: zone.name, position }).execute();
      await trx
        .insertInto('shipping_zone_areas')
        .values(zone.areas.map((area) => ({ zone_id: zoneId, country: area.country, region: '' })))
        .execute();
      await trx
        .insertInto('shipping_rates')
        .values(
          zone.rates.map((rate, index) => ({
            id: newRecordId(),
            zone_id: zoneId,
            position: index,
            name: rate.name,
            price_cents: rate.priceCents,
            min_weight_grams: rate.minWeightGrams,
            max_weight_grams: rate.maxWeightGrams,
            free_over_cents: rate.freeOverCents,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('tax_rates')
      .values(salesTax.map((tax) => ({ country: 'US', region: tax.region, rate_ppm: percentToPpm(tax.rate), tax_shipping: tax.taxShipping ? 1 : 0 })))
      .execute();
    await trx.insertInto('shop_settings').values({ key: settingKeys.pickup, value: JSON.stringify({ enabled: true }) }).execute();
  });
}
