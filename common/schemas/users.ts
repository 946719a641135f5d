import { z } from 'zod';
import { accountLimits, accountMessages, nameProblem, passwordProblem } from '../account-rules.ts';
import { contactMessages, loosePhonePattern } from '../contact-rules.ts';
import { emailFieldSchema } from './inbox.ts';

/** A user as the specification shows one; `userRole` is present only for admins. */
export const userSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userEdu: z.string(),
  userLocation: z.string(),
  userNumber: z.string(),
  userRole: z.literal('admin').optional(),
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

/** `PUT /users/{email}`. The e-mail is the account's and cannot change here; only an admin may send `userRole`. */
export const userUpdateSchema = z.object({
  userName: keepWhenBlank(accountLimits.name),
  userEmail: z.string().trim().optional(),
  userEdu: keepWhenBlank(accountLimits.education),
  userLocation: keepWhenBlank(accountLimits.location),
  userNumber: keepWhenBlank(accountLimits.contactNumber, contactMessages.phoneInvalid).refine(
    (value) => value === undefined || loosePhonePattern.test(value),
    contactMessages.phoneInvalid,
  ),
  userRole: z.literal('admin').optional().meta({ description: 'Admins only: makes the user an admin' }),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userEmailParamsSchema = z.object({ email: z.string().trim().min(1).max(254) });

/** The signed-in person as the page needs them: who, and what they may do. */
export const viewerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  twoFactorEnabled: z.boolean(),
  /** False for accounts made by Google, Facebook or phone: they cannot turn on two-factor by password. */
  hasPassword: z.boolean(),
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

/** A text field checked by one of the shared rule functions; a missing field counts as blank. */
const ruledText = (problemOf: (value: string) => string | undefined) =>
  z.string().default('').superRefine((value, context) => {
    const problem = problemOf(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/**
 * The sign-up body better-auth receives, checked with the shop's own rules before it runs. Strict:
 * better-auth would store other user fields it knows (a phone number, say) straight from the body.
 */
export const signUpSchema = z.strictObject({
  name: ruledText(nameProblem),
  email: z
    .string()
    .default('')
    .pipe(emailFieldSchema)
    // Addresses under .invalid are the ones the shop makes for phone accounts.
    .refine((email) => !/\.invalid$/i.test(email), contactMessages.emailInvalid),
  password: ruledText(passwordProblem),
});

/** The sign-in body: the same messages as the page for a blank or malformed field. */
export const signInSchema = z.object({
  email: z.string().default('').pipe(emailFieldSchema),
  password: ruledText((value) => (value ? undefined : accountMessages.passwordRequired)),
});
