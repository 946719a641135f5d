import { centsToDollars, dollarsToCents } from '../../../common/money.ts';
import { percentToPpm, ppmToPercent } from '../../../common/order-pricing.ts';
import { type ShippingZone, type ShippingZoneInput, zoneAreas } from '../../../common/schemas/shipping-zones.ts';
import type { ReturnSettings } from '../../../common/schemas/returns.ts';
import type { ShopSettings, ShopSettingsInput } from '../../../common/schemas/shop-settings.ts';
import type { TaxSettings, TaxSettingsInput } from '../../../common/schemas/tax-settings.ts';
import type { AuditChange } from '../../../common/schemas/audit-log.ts';
import type { Database } from '../../db/database.ts';
import { newRecordId } from '../../record-id.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { PricingSettingsRepository } from './pricing-settings-repository.ts';
import { returnWindowChanges, shippingZoneChanges, shopSettingChanges, taxChanges } from './settings-audit.ts';

/**
 * The admin's tables of what the shop charges (ADR 038), on the wire in dollars and percentages and
 * kept in cents and parts per million: shipping zones and their rates, the tax table, and the seller
 * with collecting at the workshop. Each is replaced whole, and each change is recorded in the audit
 * trail (ADR 043) in its transaction, with the settings as they were read there and as they became.
 * `changed` is told after each write: this process keeps what prices an order (pricing-tables-cache.ts),
 * and prices its next order by the change.
 */
export function createPricingSettingsService(settings: PricingSettingsRepository, audit: AuditRecorder, changed: () => void) {
  /** Records a settings change under `subject` (which settings); a save that changed nothing is no action on the shop. */
  const recordChanges = (actor: StaffActor, subject: string) => async (trx: Database, changes: AuditChange[]) => {
    if (changes.length > 0) await audit(trx, actor, { kind: 'settings.changed', subject, detail: { changes } });
  };

  return {
    async shippingZones(): Promise<ShippingZone[]> {
      return (await settings.zones()).map((zone) => {
        const regions = zone.areas.filter((area) => area.region !== null).map((area) => area.region!);
        return {
          id: zone.id,
          name: zone.name,
          countries: [...new Set(zone.areas.map((area) => area.country))],
          ...(regions.length > 0 && { regions }),
          rates: zone.rates.map((rate) => ({
            id: rate.id,
            name: rate.name,
            price: centsToDollars(rate.priceCents),
            ...(rate.minWeightGrams !== null && { minWeightGrams: rate.minWeightGrams }),
            ...(rate.maxWeightGrams !== null && { maxWeightGrams: rate.maxWeightGrams }),
            ...(rate.freeOverCents !== null && { freeOverSubtotal: centsToDollars(rate.freeOverCents) }),
          })),
        };
      });
    },

    /** Replaces the zones; a zone or rate sent with the id it was read with keeps it, so that a cart's chosen rate stays chosen. */
    async replaceShippingZones(zones: readonly ShippingZoneInput[], actor: StaffActor): Promise<ShippingZone[]> {
      const record = recordChanges(actor, 'shipping zones');
      const used = new Set<string>();
      const idFor = (given: string | undefined) => {
        const id = given && !used.has(given) ? given : newRecordId();
        used.add(id);
        return id;
      };
      await settings.replaceZones(
        zones.map((zone) => ({
          id: idFor(zone.id),
          name: zone.name,
          areas: zoneAreas(zone),
          rates: zone.rates.map((rate) => ({
            id: idFor(rate.id),
            name: rate.name,
            priceCents: dollarsToCents(rate.price),
            minWeightGrams: rate.minWeightGrams ?? null,
            maxWeightGrams: rate.maxWeightGrams ?? null,
            freeOverCents: rate.freeOverSubtotal === undefined ? null : dollarsToCents(rate.freeOverSubtotal),
          })),
        })),
        (trx, before, after) => record(trx, shippingZoneChanges(before, after)),
      );
      changed();
      return this.shippingZones();
    },

    async taxSettings(): Promise<TaxSettings> {
      const table = await settings.taxTable();
      return {
        pricesIncludeTax: table.pricesIncludeTax,
        rates: table.rates.map((rate) => ({ country: rate.country, ...(rate.region && { region: rate.region }), rate: ppmToPercent(rate.ratePpm), taxShipping: rate.taxShipping })),
      };
    },

    async replaceTaxSettings(input: TaxSettingsInput, actor: StaffActor): Promise<TaxSettings> {
      const record = recordChanges(actor, 'tax');
      await settings.replaceTax(
        input.pricesIncludeTax,
        input.rates.map((rate) => ({ country: rate.country, region: rate.region ?? null, ratePpm: percentToPpm(rate.rate), taxShipping: rate.taxShipping })),
        (trx, before, after) => record(trx, taxChanges(before, after)),
      );
      changed();
      return this.taxSettings();
    },

    async shopSettings(): Promise<ShopSettings> {
      const { seller, pickup } = await settings.settings();
      return { seller: { name: seller.name, address: seller.address, ...(seller.taxNumber && { taxNumber: seller.taxNumber }) }, pickup };
    },

    async replaceShopSettings(input: ShopSettingsInput, actor: StaffActor): Promise<ShopSettings> {
      const record = recordChanges(actor, 'seller and pickup');
      await settings.putShopSettings({ name: input.seller.name, address: input.seller.address, taxNumber: input.seller.taxNumber }, input.pickup, (trx, before, after) =>
        record(trx, shopSettingChanges(before, after)),
      );
      changed();
      return this.shopSettings();
    },

    /** The return window (ADR 040), kept with the shop's settings. */
    async returnSettings(): Promise<ReturnSettings> {
      return { windowDays: await settings.returnWindowDays() };
    },

    async replaceReturnSettings(input: ReturnSettings, actor: StaffActor): Promise<ReturnSettings> {
      const record = recordChanges(actor, 'return window');
      await settings.putReturnWindowDays(input.windowDays, (trx, before, after) => record(trx, returnWindowChanges(before, after)));
      return this.returnSettings();
    },
  };
}

export type PricingSettingsService = ReturnType<typeof createPricingSettingsService>;
