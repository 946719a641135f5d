import { addressFromStored, addressOneLine, type PostalAddress } from '../../../common/postal-addresses.ts';
import type { ShippingAddressColumns } from '../../db/schema.ts';

/** The columns that hold a shipping address, on an order and on a checkout alike. */
export const shippingColumnNames = ['ship_name', 'ship_line1', 'ship_line2', 'ship_city', 'ship_region', 'ship_postal_code', 'ship_country'] as const;

/** A row's shipping address columns alone, to carry them to another row (a checkout's to the orders it becomes). */
export function shippingOf<Row extends Partial<ShippingAddressColumns>>(row: Row): Pick<Row, keyof ShippingAddressColumns> {
  const { ship_name, ship_line1, ship_line2, ship_city, ship_region, ship_postal_code, ship_country } = row;
  return { ship_name, ship_line1, ship_line2, ship_city, ship_region, ship_postal_code, ship_country };
}

/** The columns of a structured address, and the address on one line for the specification's `adress`. */
export function shippingColumns(address: PostalAddress): ShippingAddressColumns & { adress: string } {
  return {
    ship_name: address.name,
    ship_line1: address.line1,
    ship_line2: address.line2 ?? null,
    ship_city: address.city,
    ship_region: address.region ?? null,
    ship_postal_code: address.postalCode ?? null,
    ship_country: address.country,
    adress: addressOneLine(address),
  };
}

/**
 * An address typed as free text (the specification's `adress`, as its client sends it): kept whole as
 * the first line, under the customer's name, with the country unknown, so that the admin checks it
 * before the parcel goes.
 */
export function freeTextColumns(adress: string, customerName: string): ShippingAddressColumns & { adress: string } {
  return { ship_name: customerName, ship_line1: adress, ship_line2: null, ship_city: null, ship_region: null, ship_postal_code: null, ship_country: null, adress };
}

/** The structured address of an order or checkout; undefined for one typed as free text (country unknown). */
export function shippingAddressOf(row: ShippingAddressColumns): PostalAddress | undefined {
  if (!row.ship_country || !row.ship_name || !row.ship_line1 || !row.ship_city) return undefined;
  return addressFromStored({
    name: row.ship_name,
    line1: row.ship_line1,
    line2: row.ship_line2,
    city: row.ship_city,
    region: row.ship_region,
    postalCode: row.ship_postal_code,
    country: row.ship_country,
  });
}
