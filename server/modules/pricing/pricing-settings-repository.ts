import type { ShippingZoneRule, TaxTable } from '../../../common/order-pricing.ts';
import type { PostalAddress } from '../../../common/postal-addresses.ts';
import { defaultReturnWindowDays } from '../../../common/returns.ts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';

/** Who sells, as invoices name the seller. */
export interface Seller {
  name: string;
  address: PostalAddress;
  taxNumber?: string | undefined;
}

/** The admin's settings besides the tables, one JSON value each. */
export interface PricingSettings {
  pricesIncludeTax: boolean;
  seller: Seller;
  pickup: { enabled: boolean };
}

/** A zone as the admin's table replaces it: its areas, and its rates in order. */
export interface ZoneToStore {
  id: string;
  name: string;
  areas: { country: string; region: string | null }[];
  rates: { id: string; name: string; priceCents: number; minWeightGrams: number | null; maxWeightGrams: number | null; freeOverCents: number | null }[];
}

export interface TaxRateToStore {
  country: string;
  region: string | null;
  ratePpm: number;
  taxShipping: boolean;
}

/** Everything that prices an order besides its lines and its code: read together for each quote and checkout. */
export interface PricingTables {
  zones: ShippingZoneRule[];
  tax: TaxTable;
  settings: PricingSettings;
}

const settingKeys = { pricesIncludeTax: 'prices-include-tax', seller: 'seller', pickup: 'pickup' } as const;

/** The return window's key (ADR 040): read on its own, by returns, not with what prices an order. */
const returnWindowKey = 'return-window-days';

/**
 * The shop's own address, as the seller of an invoice, until the admin gives another: the workshop
 * in Portland, Oregon (common/shop-identity.ts).
 */
export const defaultSeller: Seller = {
  name: 'Joinery Tool Works',
  address: { name: 'Joinery Tool Works', line1: 'Unit 4, Millrace Yard', line2: '118 Canal Street', city: 'Portland', region: 'US-OR', postalCode: '97209', country: 'US' },
};

/** A step run inside a settings write's transaction with the setting as it was and as it is (the audit trail's record). */
type Alongside<T> = (trx: Database, before: T, after: T) => Promise<void>;

/**
 * Makes the settings writes take turns: on PostgreSQL a lock held until the transaction ends, so that
 * what one write reads as the settings before it is what the last committed write left (SQLite has one
 * writer already). Taken first in each write.
 */
async function holdSettings(trx: Database): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('shop-settings'))`.execute(trx);
}

/** Shipping zones, tax rates and the shop's settings: the admin replaces each whole, and every quote reads them. */
export function createPricingSettingsRepository(db: Database) {
  async function settings(on: Database = db): Promise<PricingSettings> {
    const rows = await on.selectFrom('shop_settings').selectAll().where('key', 'in', Object.values(settingKeys)).execute();
    const value = (key: string): unknown => {
      const row = rows.find((candidate) => candidate.key === key);
      return row ? JSON.parse(row.value) : undefined;
    };
    return {
      pricesIncludeTax: value(settingKeys.pricesIncludeTax) === true,
      seller: (value(settingKeys.seller) as Seller | undefined) ?? defaultSeller,
      pickup: (value(settingKeys.pickup) as { enabled: boolean } | undefined) ?? { enabled: false },
    };
  }

  async function putSetting(transaction: Database, key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    await transaction
      .insertInto('shop_settings')
      .values({ key, value: text })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: text }))
      .execute();
  }

  async function zones(on: Database = db): Promise<ShippingZoneRule[]> {
    const [zoneRows, areas, rates] = await Promise.all([
      on.selectFrom('shipping_zones').selectAll().orderBy('position').execute(),
      on.selectFrom('shipping_zone_areas').selectAll().orderBy('country').orderBy('region').execute(),
      on.selectFrom('shipping_rates').selectAll().orderBy('zone_id').orderBy('position').execute(),
    ]);
    return zoneRows.map((zone) => ({
      id: zone.id,
      name: zone.name,
      areas: areas.filter((area) => area.zone_id === zone.id).map((area) => ({ country: area.country, region: area.region || null })),
      rates: rates
        .filter((rate) => rate.zone_id === zone.id)
        .map((rate) => ({
          id: rate.id,
          name: rate.name,
          priceCents: rate.price_cents,
          minWeightGrams: rate.min_weight_grams,
          maxWeightGrams: rate.max_weight_grams,
          freeOverCents: rate.free_over_cents,
        })),
    }));
  }

  async function taxTable(pricesIncludeTax: boolean, on: Database = db): Promise<TaxTable> {
    const rows = await on.selectFrom('tax_rates').selectAll().orderBy('country').orderBy('region').execute();
    return {
      pricesIncludeTax,
      rates: rows.map((row) => ({ country: row.country, region: row.region || null, ratePpm: row.rate_ppm, taxShipping: row.tax_shipping === 1 })),
    };
  }

  async function returnWindowDays(on: Database = db): Promise<number> {
    const row = await on.selectFrom('shop_settings').select('value').where('key', '=', returnWindowKey).executeTakeFirst();
    return row ? Number(JSON.parse(row.value)) : defaultReturnWindowDays;
  }

  /** The tax table as a transaction reads it, with whether prices include tax. */
  const taxTableIn = async (trx: Database) => taxTable((await settings(trx)).pricesIncludeTax, trx);

  return {
    settings,
    zones,

    async taxTable(): Promise<TaxTable> {
      return taxTable((await settings()).pricesIncludeTax);
    },

    /** Zones, tax and settings, as one quote needs them. */
    async tables(): Promise<PricingTables> {
      const [zoneRules, current] = await Promise.all([zones(), settings()]);
      return { zones: zoneRules, tax: await taxTable(current.pricesIncludeTax), settings: current };
    },

    /**
     * Replaces every zone and rate in one transaction: a quote sees the old table or the new, never half
     * of each. `alongside` runs in it with the zones as they were and as they are.
     */
    async replaceZones(table: readonly ZoneToStore[], alongside: Alongside<ShippingZoneRule[]>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await holdSettings(trx);
        const before = await zones(trx);
        await trx.deleteFrom('shipping_rates').execute();
        await trx.deleteFrom('shipping_zone_areas').execute();
        await trx.deleteFrom('shipping_zones').execute();
        for (const [position, zone] of table.entries()) {
          await trx.insertInto('shipping_zones').values({ id: zone.id, name: zone.name, position }).execute();
          await trx
            .insertInto('shipping_zone_areas')
            .values(zone.areas.map((area) => ({ zone_id: zone.id, country: area.country, region: area.region ?? '' })))
            .execute();
          await trx
            .insertInto('shipping_rates')
            .values(
              zone.rates.map((rate, index) => ({
                id: rate.id,
                zone_id: zone.id,
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
        await alongside(trx, before, await zones(trx));
      });
    },

    /** Replaces the tax table and whether prices include tax, together; `alongside` runs in the transaction with both as they were and are. */
    async replaceTax(pricesIncludeTax: boolean, rates: readonly TaxRateToStore[], alongside: Alongside<TaxTable>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await holdSettings(trx);
        const before = await taxTableIn(trx);
        await trx.deleteFrom('tax_rates').execute();
        if (rates.length > 0) {
          await trx
            .insertInto('tax_rates')
            .values(rates.map((rate) => ({ country: rate.country, region: rate.region ?? '', rate_ppm: rate.ratePpm, tax_shipping: rate.taxShipping ? 1 : 0 })))
            .execute();
        }
        await putSetting(trx, settingKeys.pricesIncludeTax, pricesIncludeTax);
        await alongside(trx, before, await taxTableIn(trx));
      });
    },

    /** Days after delivery within which a customer may ask to return pieces (30 until the owner sets another). */
    returnWindowDays: () => returnWindowDays(),

    /** Sets the return window; `alongside` runs in its transaction with the days as they were and are. */
    async putReturnWindowDays(days: number, alongside: Alongside<number>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await holdSettings(trx);
        const before = await returnWindowDays(trx);
        await putSetting(trx, returnWindowKey, days);
        await alongside(trx, before, await returnWindowDays(trx));
      });
    },

    /** The seller and collecting at the workshop; `alongside` runs in the transaction with the settings as they were and are. */
    async putShopSettings(seller: Seller, pickup: { enabled: boolean }, alongside: Alongside<PricingSettings>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await holdSettings(trx);
        const before = await settings(trx);
        await putSetting(trx, settingKeys.seller, seller);
        await putSetting(trx, settingKeys.pickup, pickup);
        await alongside(trx, before, await settings(trx));
      });
    },
  };
}

export type PricingSettingsRepository = ReturnType<typeof createPricingSettingsRepository>;
