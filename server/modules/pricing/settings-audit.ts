import { centsToDollars } from '../../../common/money.ts';
import { ppmToPercent, type ShippingZoneRule, type TaxTable } from '../../../common/order-pricing.ts';
import type { PostalAddress } from '../../../common/postal-addresses.ts';
import type { AuditChange } from '../../../common/schemas/audit-log.ts';
import { type AuditFields, changedFields } from '../audit/audit-changes.ts';
import type { PricingSettings } from './pricing-settings-repository.ts';

/**
 * The shop's settings as the audit trail compares them (ADR 043): each table flattened to named
 * fields ("Europe / Standard: price"), named by what the admin sees rather than by ids, which a
 * replaced table gives anew. Only the fields that differ are kept.
 */

const weightBand = (min: number | null, max: number | null) => (min === null && max === null ? null : `${min ?? 0}–${max ?? '∞'} g`);

function zoneFields(zones: readonly ShippingZoneRule[]): { fields: AuditFields; money: string[] } {
  const fields: AuditFields = {};
  const money: string[] = [];
  for (const zone of zones) {
    fields[`${zone.name}: places`] = zone.areas.map((area) => (area.region ? `${area.country}-${area.region}` : area.country)).join(', ');
    for (const rate of zone.rates) {
      const name = `${zone.name} / ${rate.name}`;
      fields[`${name}: price`] = centsToDollars(rate.priceCents);
      fields[`${name}: weight`] = weightBand(rate.minWeightGrams, rate.maxWeightGrams);
      fields[`${name}: free over`] = rate.freeOverCents === null ? null : centsToDollars(rate.freeOverCents);
      money.push(`${name}: price`, `${name}: free over`);
    }
  }
  return { fields, money };
}

export function shippingZoneChanges(before: readonly ShippingZoneRule[], after: readonly ShippingZoneRule[]): AuditChange[] {
  const was = zoneFields(before);
  const is = zoneFields(after);
  return changedFields(was.fields, is.fields, [...new Set([...was.money, ...is.money])]);
}

function taxFields(table: TaxTable): AuditFields {
  const fields: AuditFields = { 'prices include tax': table.pricesIncludeTax };
  for (const rate of table.rates) {
    const place = rate.region ? `${rate.country}-${rate.region}` : rate.country;
    fields[`tax ${place} (%)`] = ppmToPercent(rate.ratePpm);
    fields[`tax ${place} on shipping`] = rate.taxShipping;
  }
  return fields;
}

export const taxChanges = (before: TaxTable, after: TaxTable): AuditChange[] => changedFields(taxFields(before), taxFields(after));

const addressLine = (address: PostalAddress) =>
  [address.name, address.line1, address.line2, address.city, address.region, address.postalCode, address.country].filter(Boolean).join(', ');

function shopFields(settings: PricingSettings): AuditFields {
  return {
    seller: settings.seller.name,
    'seller address': addressLine(settings.seller.address),
    'seller tax number': settings.seller.taxNumber || null,
    'collect at the workshop': settings.pickup.enabled,
  };
}

export const shopSettingChanges = (before: PricingSettings, after: PricingSettings): AuditChange[] => changedFields(shopFields(before), shopFields(after));

export const returnWindowChanges = (before: number, after: number): AuditChange[] => changedFields({ 'return window (days)': before }, { 'return window (days)': after });
