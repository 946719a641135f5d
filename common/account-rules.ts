import { contactMessages, emailProblem } from './contact-rules.ts';

/**
 * Rules and messages for signing up, signing in and the profile, shared by the browser (quick
 * feedback) and the server (which decides). The messages are the specification's, word for word.
 * No zod here, so that the sign-in pages stay light.
 */
export const accountMessages = {
  nameRequired: contactMessages.nameRequired,
  nameTooLong: 'Must be 100 characters or fewer',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  passwordTooLong: 'Must be 128 characters or fewer',
  phoneInvalid: 'Please enter a valid phone number!',
} as const;

export const accountLimits = { name: 100, passwordMin: 6, passwordMax: 128, education: 200, location: 200, contactNumber: 30 } as const;

export { emailProblem };

export function nameProblem(value: string): string | undefined {
  if (!value.trim()) return accountMessages.nameRequired;
  return value.trim().length > accountLimits.name ? accountMessages.nameTooLong : undefined;
}

export function passwordProblem(value: string): string | undefined {
  if (!value) return accountMessages.passwordRequired;
  if (value.length < accountLimits.passwordMin) return accountMessages.passwordTooShort;
  if (value.length > accountLimits.passwordMax) return accountMessages.passwordTooLong;
  return undefined;
}

/** Sign-in codes are six digits. */
export const oneTimeCodePattern = /^\d{6}$/;

/** The roles the shop knows; the wire shows `userRole: 'admin'` for admins and nothing otherwise. */
export type UserRole = 'user' | 'admin';

/**
 * Where to go after signing in. Only a path on this site is accepted, so that a crafted link
 * cannot send a person elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string {
  // Browsers drop tabs and newlines and read a backslash as a slash: '/\t/evil.example' is another site.
  const unsafe = [...(value ?? '')].some((char) => char <= '\u001f' || char === '\u007f' || char === '\\');
  if (!value || !value.startsWith('/') || value.startsWith('//') || unsafe) return '/';
  if (/^\/(login|register|phoneLogin)\b/.test(value)) return '/';
  return value;
}
