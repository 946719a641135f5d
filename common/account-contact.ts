import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * better-auth wants an e-mail address for every account, so an account made with a phone code gets one
 * the shop makes up: the number's digits, a random part, and this domain, which can receive nothing.
 */
export const phoneAccountDomain = 'phone.joinery.invalid';

/** The domain of the address an erased customer's kept orders carry instead of theirs (ADR 046). */
export const erasedAccountDomain = 'erased.joinery.invalid';

/** What an erased customer's kept orders carry instead of their address: the account's id only, which can receive nothing. */
export const erasedAccountEmail = (userId: string) => `${userId}@${erasedAccountDomain}`;

/** Whether an account's address is one the shop made up for a phone account (no mail can reach it). */
export const isPhoneAccountEmail = (email: string) => /\.invalid$/i.test(email);

/**
 * How an account is shown to people: its e-mail address, or for a phone account its phone number,
 * formatted internationally ("+1 415 555 0100"): never the made-up address.
 */
export function accountContact(email: string): string {
  if (!isPhoneAccountEmail(email)) return email;
  if (email.toLowerCase().endsWith(`@${erasedAccountDomain}`)) return 'Erased customer';
  const digits = /^(\d{4,15})\./.exec(email)?.[1];
  const phone = digits ? parsePhoneNumberFromString(`+${digits}`) : undefined;
  return phone ? phone.formatInternational() : 'Phone account';
}
