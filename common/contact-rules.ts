/**
 * Messages, limits and patterns for the e-mail addresses and phone numbers people type into the
 * shop's forms. The zod schemas in common/schemas apply them, in the browser and on the server.
 */
export const contactMessages = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  nameRequired: 'Name is Required',
  phoneInvalid: 'Provide a valid phone number',
  requirementRequired: 'Tell us which tools you need',
} as const;

export const contactLimits = { email: 254, name: 100, phone: 30, requirement: 2000 } as const;

/**
 * The shop's one e-mail rule, for every form, schema and mail job alike, so that an address any call
 * accepts can be mailed: a local part of the characters RFC 5322 allows unquoted (letters, digits and
 * !#$%&'*+/=?^_`{|}~-), with single dots between them, then one or more dot-separated domain labels and a
 * top-level domain of 2+ letters (or an internationalised one in its xn-- form). Quoted local parts and
 * letters outside ASCII, which many mail servers refuse, are not taken.
 */
export const emailPattern = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:[a-z]{2,}|xn--[a-z0-9-]+)$/i;

/** Whether the shop can mail this address: the rule above, within the length an address may have. */
export function isMailableAddress(address: string): boolean {
  return address.length <= contactLimits.email && emailPattern.test(address);
}

/** Digits with the usual separators, optionally international; the phone sign-in checks numbers more closely. */
export const loosePhonePattern = /^\+?[0-9(][0-9 ().-]{5,28}[0-9]$/;

/** Whether two typed addresses name the same account (case and surrounding spaces aside). */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
