import { contactMessages } from './contact-rules.ts';

/**
 * Messages and limits for signing up, signing in and the profile; the zod schemas in
 * common/schemas/users.ts apply them on both sides. The messages are the specification's, word for word.
 */
export const accountMessages = {
  nameRequired: contactMessages.nameRequired,
  nameTooLong: 'Must be 100 characters or fewer',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  passwordTooLong: 'Must be 128 characters or fewer',
  phoneInvalid: 'Please enter a valid phone number!',
  totpCodeInvalid: 'Enter the 6-digit code from your app',
  backupCodeInvalid: 'Enter one of your backup codes',
  passwordTooCommon: 'This password is too common. Please choose another.',
  passwordsDiffer: 'The two passwords are not the same',
} as const;

export const accountLimits = { name: 100, passwordMin: 6, passwordMax: 128, education: 200, location: 200, contactNumber: 30 } as const;

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
