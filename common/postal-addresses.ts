import { allCountries } from 'country-region-data';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * Where a parcel goes, as the shop keeps it: a name, one or two street lines, the city, the region
 * (an ISO 3166-2 code such as US-CA, where the country has regions), the postal code and the country
 * (ISO 3166-1 alpha-2). The countries and their regions come from country-region-data, the postal
 * code formats from postcode-validator: maintained lists, not tables of ours.
 */
export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  region?: string | undefined;
  postalCode?: string | undefined;
  country: string;
}

/** An address as a database row keeps it: an optional part that is absent is null. */
export type StoredAddress = { [Part in keyof PostalAddress]-?: Exclude<PostalAddress[Part], undefined> | (undefined extends PostalAddress[Part] ? null : never) };

/** The address a row keeps, with its empty optional parts left out, as answers carry it. */
export function addressFromStored({ line2, region, postalCode, ...required }: StoredAddress): PostalAddress {
  return { ...required, ...(line2 && { line2 }), ...(region && { region }), ...(postalCode && { postalCode }) };
}

export interface CountryOption {
  code: string;
  name: string;
}

export interface RegionOption {
  /** ISO 3166-2: the country's code, a dash, the region's own (US-CA). */
  code: string;
  name: string;
}

export const addressLimits = { name: 100, line: 200, city: 100, postalCode: 20 } as const;

/** Regions a country's addresses name: those the list gives codes for, when it lists more than the country itself. */
function regionsFrom(country: string, regions: readonly (readonly [string, string?])[]): RegionOption[] {
  if (regions.length < 2 || regions.some(([, code]) => !code)) return [];
  return regions.map(([name, code]) => ({ code: `${country}-${code}`, name }));
}

const countries = new Map<string, { name: string; regions: RegionOption[] }>(
  allCountries.map(([name, code, regions]) => [code, { name, regions: regionsFrom(code, regions as [string, string?][]) }]),
);

/** Every country, by name, for the address form's list. */
export const countryOptions: readonly CountryOption[] = [...countries].map(([code, { name }]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));

export function countryName(code: string): string | undefined {
  return countries.get(code)?.name;
}

/** The country's regions (US states, Canadian provinces, …), by name; none for a country whose addresses name none. */
export function regionsOf(country: string): readonly RegionOption[] {
  return countries.get(country)?.regions ?? [];
}

export function regionName(region: string): string | undefined {
  return regionsOf(region.slice(0, 2)).find((option) => option.code === region)?.name;
}

/** Whether the country's addresses carry a postal code (a format is known for it). */
export function hasPostalCodes(country: string): boolean {
  return postcodeValidatorExistsForCountry(country);
}

/** What the country calls its regions and postal codes, for labels and messages. */
export function addressTerms(country: string): { region: string; postalCode: string } {
  if (country === 'US') return { region: 'State', postalCode: 'ZIP code' };
  if (country === 'CA') return { region: 'Province', postalCode: 'Postal code' };
  return { region: 'Region', postalCode: 'Postal code' };
}

export const addressMessages = {
  nameRequired: 'Name is Required',
  line1Required: 'Address is Required',
  cityRequired: 'City is Required',
  countryRequired: 'Country is Required',
  countryUnknown: 'Choose a country from the list',
  regionRequired: (country: string) => `${addressTerms(country).region} is Required`,
  regionUnknown: (country: string) => `Choose a ${addressTerms(country).region.toLowerCase()} of ${countryName(country) ?? country} from the list`,
  regionNotUsed: (country: string) => `Addresses in ${countryName(country) ?? country} name no region: leave it empty`,
  postalCodeRequired: (country: string) => `${addressTerms(country).postalCode} is Required`,
  postalCodeInvalid: (country: string) =>
    country === 'US' ? 'Enter a ZIP code of 5 digits, or ZIP+4 (94103 or 94103-1234)' : `Enter a postal code as ${countryName(country) ?? country} writes them`,
  tooLong: (limit: number) => `At most ${limit} characters`,
} as const;

/** One problem of an address: the field it is on, and what to do. */
export interface AddressProblem {
  field: keyof PostalAddress;
  message: string;
}

/**
 * What is wrong with an address, field by field: the country known, the region one of its regions
 * (required where it has some, refused where it has none), the postal code in the country's format
 * (required where it has one). Lengths and presence of the text fields are the schema's.
 */
export function addressProblems(address: Pick<PostalAddress, 'country' | 'region' | 'postalCode'>): AddressProblem[] {
  const { country } = address;
  if (!countries.has(country)) return [{ field: 'country', message: addressMessages.countryUnknown }];
  const problems: AddressProblem[] = [];
  const regions = regionsOf(country);
  if (regions.length > 0 && !address.region) problems.push({ field: 'region', message: addressMessages.regionRequired(country) });
  else if (address.region && regions.length === 0) problems.push({ field: 'region', message: addressMessages.regionNotUsed(country) });
  else if (address.region && !regions.some((region) => region.code === address.region)) problems.push({ field: 'region', message: addressMessages.regionUnknown(country) });
  if (hasPostalCodes(country)) {
    if (!address.postalCode) problems.push({ field: 'postalCode', message: addressMessages.postalCodeRequired(country) });
    else if (!postcodeValidator(address.postalCode, country)) problems.push({ field: 'postalCode', message: addressMessages.postalCodeInvalid(country) });
  }
  return problems;
}

/** The region as written on a parcel: a US state or Canadian province by its code (CA), any other by name. */
function regionOnLabel(address: PostalAddress): string | undefined {
  if (!address.region) return undefined;
  if (address.country === 'US' || address.country === 'CA' || address.country === 'AU') return address.region.slice(3);
  return regionName(address.region) ?? address.region;
}

/**
 * The address laid out as a parcel label: the name, the street lines, the town line, the country.
 * North American and Australian addresses put the region and code after the city; others put the
 * code before it, with the region on a line of its own.
 */
export function addressLabel(address: PostalAddress): string[] {
  const region = regionOnLabel(address);
  const postalCode = address.postalCode ?? '';
  const townLine =
    address.country === 'US' || address.country === 'CA' || address.country === 'AU'
      ? `${address.city}, ${[region, postalCode].filter(Boolean).join(' ')}`
      : [postalCode, address.city].filter(Boolean).join(' ');
  const lines = [address.name, address.line1, address.line2, townLine];
  if (region && !(address.country === 'US' || address.country === 'CA' || address.country === 'AU')) lines.push(region);
  lines.push(countryName(address.country) ?? address.country);
  return lines.filter((line): line is string => Boolean(line?.trim()));
}

/** The address on one line, without the name: what the specification's `adress` field carries. */
export function addressOneLine(address: PostalAddress): string {
  return addressLabel(address).slice(1).join(', ');
}
