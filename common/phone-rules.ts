import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { accountMessages } from './account-rules.ts';

/**
 * A phone number for sign-in codes: international form (E.164), valid for its country. Apart from
 * the other account rules because the phone metadata is large: only the phone page loads it.
 */
export function signInPhoneProblem(value: string | undefined): string | undefined {
  return value && isValidPhoneNumber(value) ? undefined : accountMessages.phoneInvalid;
}
