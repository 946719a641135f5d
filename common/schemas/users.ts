import { z } from 'zod';
import { accountLimits, accountMessages, oneTimeCodePattern } from '../account-rules.ts';
import { staffRoles } from '../staff-roles.ts';
import { contactMessages, loosePhonePattern } from '../contact-rules.ts';
import { emailFieldSchema } from './inbox-forms.ts';

/** A user as the specification shows one; `userRole` is present only for admins (every staff member), `staffRole` says which. */
export const userSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userEdu: z.string(),
  userLocation: z.string(),
  userNumber: z.string(),
  userRole: z.literal('admin').optional(),
  staffRole: z.enum(staffRoles).optional().meta({ description: 'Staff only: owner, manager, fulfilment or support' }),
});
export type User = z.infer<typeof userSchema>;

/** A blank or missing field keeps its value. */
const keepWhenBlank = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/** What people change of their own profile (My Profile's form); a field left blank keeps its value. */
export const profileUpdateSchema = z.object({
  userName: keepWhenBlank(accountLimits.name),
  userEdu: keepWhenBlank(accountLimits.education),
  userLocation: keepWhenBlank(accountLimits.location),
  userNumber: keepWhenBlank(accountLimits.contactNumber, contactMessages.phoneInvalid).refine(
    (value) => value === undefined || loosePhonePattern.test(value),
    contactMessages.phoneInvalid,
  ),
});

/** `PUT /users/{email}`. The e-mail is the account's and cannot change here; only an admin may send `userRole`. */
export const userUpdateSchema = profileUpdateSchema.extend({
  userEmail: z.string().trim().optional(),
  userRole: z.literal('admin').optional().meta({ description: 'Owners only: makes the user an admin, with the owner role' }),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userEmailParamsSchema = z.object({ email: z.string().trim().min(1).max(254) });

/** The signed-in person as the page needs them: who, and what they may do. */
export const viewerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** Which staff role an admin has (what the admin pages show them); null for customers. */
  staffRole: z.enum(staffRoles).nullable(),
  twoFactorEnabled: z.boolean(),
  /** False for accounts made by Google, Facebook or phone: they cannot turn on two-factor by password. */
  hasPassword: z.boolean(),
  /** True until the owner confirms the address with the mailed link; never for phone accounts, which have no address. */
  emailConfirmationNeeded: z.boolean(),
});
export type Viewer = z.infer<typeof viewerSchema>;
export const sessionSchema = z.object({ user: viewerSchema.nullable() });

/** Which sign-in methods this shop has set up, so that the pages can say plainly what is not. */
export const signInOptionsSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  captcha: z.object({ provider: z.enum(['turnstile', 'recaptcha']), siteKey: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

const nameSchema = z.string({ error: accountMessages.nameRequired }).trim().min(1, accountMessages.nameRequired).max(accountLimits.name, accountMessages.nameTooLong);

/** Every password the shop takes, whether to sign up, sign in or confirm a change. */
export const passwordSchema = z
  .string({ error: accountMessages.passwordRequired })
  // A blank password gets one message, not "required" and "too short" both.
  .min(1, { error: accountMessages.passwordRequired, abort: true })
  .min(accountLimits.passwordMin, accountMessages.passwordTooShort)
  .max(accountLimits.passwordMax, accountMessages.passwordTooLong);

/**
 * The sign-up body better-auth receives, checked with the shop's own rules before it runs, and the
 * register page's form. Strict: better-auth would store other user fields it knows (a phone number,
 * say) straight from the body.
 */
export const signUpSchema = z.strictObject({
  name: nameSchema,
  email: z
    .string()
    .default('')
    .pipe(emailFieldSchema)
    // Addresses under .invalid are the ones the shop makes for phone accounts.
    .refine((email) => !/\.invalid$/i.test(email), contactMessages.emailInvalid),
  password: passwordSchema,
});

/** The sign-in body, and the login page's form. */
export const signInSchema = z.object({
  email: z.string().default('').pipe(emailFieldSchema),
  password: passwordSchema,
});

/** Turning two-factor on or off asks for the account's password again. */
export const passwordCheckSchema = z.object({ password: passwordSchema });

/** Spaces people type between the digits or letters of a code do not count. */
const typedCode = z.string().overwrite((code) => code.replace(/\s/g, ''));

/** A code from an authenticator app: to finish turning two-factor on, or to sign in with it. */
export const totpCodeSchema = z.object({ code: typedCode.regex(oneTimeCodePattern, accountMessages.totpCodeInvalid) });

/** One of the backup codes given when two-factor was turned on, in place of the app's code. */
export const backupCodeSchema = z.object({ code: typedCode.min(6, accountMessages.backupCodeInvalid) });
