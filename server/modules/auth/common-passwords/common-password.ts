import { mostCommonPasswords } from './most-common-passwords.ts';

const commonPasswords: ReadonlySet<string> = new Set(mostCommonPasswords);

/**
 * Whether a password is among the 10,000 that people choose most often, whatever its case: they are
 * the first ones tried against any account, so "Dragon" is refused as "dragon" is.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
