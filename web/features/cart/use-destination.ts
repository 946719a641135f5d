import { useAddressBook } from '../addresses/api/address-queries.ts';
import type { Destination } from './api/priced-cart.ts';
import { type CheckoutChoices, updateCheckoutChoices } from './checkout-choices.ts';

/** The shop's own country: where a cart goes until the customer says otherwise. */
export const homeCountry = 'US';

/**
 * Where the cart would go: the customer's choice at the cart, else a signed-in customer's default
 * address, else the shop's own country (its state unknown until chosen).
 */
export function useDestination(choices: CheckoutChoices, signedIn: boolean): [Destination, (destination: Destination) => void] {
  const book = useAddressBook(signedIn && !choices.country);
  const saved = book.data?.find((address) => address.isDefault);
  const destination: Destination = choices.country
    ? { country: choices.country, region: choices.region }
    : saved
      ? { country: saved.country, region: saved.region }
      : { country: homeCountry };
  // A new place has its own rates: the one chosen before is chosen again only if it still applies.
  const choose = (next: Destination) => updateCheckoutChoices({ country: next.country, region: next.region, shippingRate: undefined });
  return [destination, choose];
}
