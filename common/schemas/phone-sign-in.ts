import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { accountMessages } from '../account-rules.ts';

/**
 * A phone number for sign-in codes: international form (E.164), valid for its country. Apart from
 * the other account schemas because the phone metadata is large: only the phone page loads it.
 */
export const signInPhoneSchema = z.string({ error: accountMessages.phoneInvalid }).refine((value) => isValidPhoneNumber(value), accountMessages.phoneInvalid);

/** The phone page's first step: the number the code goes to. */
export const phoneCodeRequestSchema = z.object({ phone: signInPhoneSchema });

/** The phone page's second step: the texted code, which better-auth checks (an empty one is not sent). */
export const phoneCodeSchema = z.object({ code: z.string().trim() });
