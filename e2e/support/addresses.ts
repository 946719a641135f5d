import type { Locator } from '@playwright/test';

/** An address in the shop's own country, as a person types it into the address fields. */
export interface TypedAddress {
  line1: string;
  city: string;
  /** The state's name, as the list shows it. */
  state: string;
  zip: string;
}

export const workshopAddress: TypedAddress = { line1: '12 Bench Lane', city: 'Portland', state: 'Oregon', zip: '97205' };

/** Types a new US address into the address fields inside `scope` (the full name is the customer's already). */
export async function fillAddress(scope: Locator, address: TypedAddress = workshopAddress): Promise<void> {
  await scope.getByLabel('Address', { exact: true }).fill(address.line1);
  await scope.getByLabel('City', { exact: true }).fill(address.city);
  await scope.getByLabel('State', { exact: true }).selectOption({ label: address.state });
  await scope.getByLabel('ZIP code', { exact: true }).fill(address.zip);
}
