import { describe, expect, it } from 'vitest';
import { addressLabel, addressMessages, addressOneLine, countryOptions, regionsOf } from './postal-addresses.ts';
import { postalAddressSchema } from './schemas/postal-addresses.ts';

const californian = { name: 'Ada Turner', line1: '12 Bench Lane', line2: 'Unit 4', city: 'Oak Town', region: 'US-CA', postalCode: '94103', country: 'US' };

/** Each problem of an address as `field: message`, or [] when it passes. */
function problems(address: object): string[] {
  const result = postalAddressSchema.safeParse(address);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('a postal address', () => {
  it('accepts a US address with a state and a ZIP or ZIP+4 code, and writes the country in capitals', () => {
    expect(problems(californian)).toEqual([]);
    expect(problems({ ...californian, postalCode: '94103-1234' })).toEqual([]);
    expect(postalAddressSchema.parse({ ...californian, country: 'us', line2: '  ' })).toEqual({ ...californian, line2: undefined });
  });

  it('refuses a US ZIP code of the wrong shape, on the postal code', () => {
    for (const postalCode of ['9410', '941033', 'ABCDE', '94103-12']) {
      expect(problems({ ...californian, postalCode })).toEqual([`postalCode: ${addressMessages.postalCodeInvalid('US')}`]);
    }
  });

  it('refuses an unknown country, on the country', () => {
    expect(problems({ ...californian, country: 'ZZ' })).toEqual([`country: ${addressMessages.countryUnknown}`]);
    expect(problems({ ...californian, country: 'USA' })).toEqual([`country: ${addressMessages.countryUnknown}`]);
    // A single letter is no code either, and skips none of the checks that follow the country.
    expect(problems({ ...californian, country: 'X', region: 'nowhere', postalCode: '!!' })).toEqual([`country: ${addressMessages.countryUnknown}`]);
    expect(problems({ ...californian, country: '' })).toEqual([`country: ${addressMessages.countryRequired}`]);
  });

  it('asks for the region where the country has regions, and takes only one of its own', () => {
    expect(problems({ ...californian, region: undefined })).toEqual(['region: State is Required']);
    expect(problems({ ...californian, region: 'US-XX' })).toEqual(['region: Choose a state of United States from the list']);
    expect(problems({ ...californian, region: 'CA-ON' })).toEqual(['region: Choose a state of United States from the list']);
    expect(problems({ name: 'Lee', line1: '1 Bay St', city: 'Toronto', region: undefined, postalCode: 'M5J 2N8', country: 'CA' })).toEqual(['region: Province is Required']);
    expect(problems({ name: 'Lee', line1: '1 Bay St', city: 'Toronto', region: 'CA-ON', postalCode: 'M5J 2N8', country: 'CA' })).toEqual([]);
  });

  it('leaves out the region and postal code where the country has none', () => {
    const hongKong = { name: 'Wing Chan', line1: '8 Finance St', city: 'Central', country: 'HK' };
    expect(regionsOf('HK')).toEqual([]);
    expect(problems(hongKong)).toEqual([]);
    expect(problems({ ...hongKong, region: 'HK-XX' })).toEqual(['region: Addresses in Hong Kong name no region: leave it empty']);
  });

  it('says which required fields are missing, each on its own field', () => {
    expect(problems({ country: 'US', region: 'US-CA', postalCode: '94103' })).toEqual([
      `name: ${addressMessages.nameRequired}`,
      `line1: ${addressMessages.line1Required}`,
      `city: ${addressMessages.cityRequired}`,
    ]);
  });

  it('lists every country once, by name, with the United States and Canada’s regions as ISO 3166-2 codes', () => {
    expect(countryOptions.length).toBeGreaterThan(240);
    expect(new Set(countryOptions.map((country) => country.code)).size).toBe(countryOptions.length);
    expect(countryOptions.find((country) => country.code === 'US')?.name).toBe('United States');
    expect(regionsOf('US')).toContainEqual({ code: 'US-CA', name: 'California' });
    expect(regionsOf('CA')).toContainEqual({ code: 'CA-QC', name: 'Quebec' });
  });
});

describe('an address on a parcel', () => {
  it('lays a US address out with the state and ZIP after the city', () => {
    expect(addressLabel(californian)).toEqual(['Ada Turner', '12 Bench Lane', 'Unit 4', 'Oak Town, CA 94103', 'United States']);
    expect(addressOneLine(californian)).toBe('12 Bench Lane, Unit 4, Oak Town, CA 94103, United States');
  });

  it('puts the postal code before the town elsewhere, and the region on its own line', () => {
    const parisian = postalAddressSchema.parse({ name: 'Jo Martin', line1: '3 rue du Bac', city: 'Paris', region: 'FR-IDF', postalCode: '75007', country: 'FR' });
    expect(addressLabel(parisian)).toEqual(['Jo Martin', '3 rue du Bac', '75007 Paris', 'Île-de-France', 'France']);
  });
});
