import { formatUsd } from './money.ts';
import { countryName, regionName } from './postal-addresses.ts';

/**
 * What shipping, tax and discount codes tell a customer (issue 26), the same at the cart, at checkout
 * and in the server's refusals.
 */
export const checkoutMessages = {
  noShippingRate: (place: string) => `We do not ship to ${place} yet. Please use another address, or write to us and we will see what we can do.`,
  rateUnavailable: 'That way of sending is not offered for this address and order any more. Please choose one of those shown.',
  chooseRate: 'Choose how your order is sent',
  codeUnknown: 'There is no such code. Check how it is spelled.',
  codeNotYet: (date: string) => `This code can be used from ${date}.`,
  codeEnded: 'This code has ended.',
  codeUsedUp: 'This code has been used as often as it can be.',
  codeUsedByYou: 'You have used this code as often as you can.',
  codeMinimum: (cents: number) => `This code is for orders of ${formatUsd(cents / 100)} or more.`,
  codeNotForThese: 'This code is for other tools than those in your cart.',
  moreForFreeShipping: (cents: number, rate: string) => `${formatUsd(cents / 100)} more for free ${rate} shipping`,
  vatNumberInvalid: (country: string) => `That is not a VAT number of ${countryName(country) ?? country}. Check it, or leave it empty.`,
  emailRequired: 'Email is Required',
  guestLinesRequired: 'Your cart is empty.',
} as const;

/** A destination as a message names it: the region and country (California, United States), or the country. */
export function placeName(destination: { country: string; region?: string | null | undefined }): string {
  const country = countryName(destination.country) ?? destination.country;
  const region = destination.region ? regionName(destination.region) : undefined;
  return region ? `${region}, ${country}` : country;
}
