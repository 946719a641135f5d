import { z } from 'zod';
import { accountMessages } from '../account-rules.ts';
import { emailFieldSchema } from './inbox.ts';
import { passwordSchema } from './users.ts';

/** `POST /auth/request-password-reset`, and the Forgot password page's form. */
export const forgotPasswordSchema = z.object({ email: emailFieldSchema });

/** A new password typed twice, so that a slip of the finger does not lock the person out. */
const newPasswordFields = { newPassword: passwordSchema, confirmPassword: z.string() };
const typedTheSame = (fields: { newPassword: string; confirmPassword: string }) => fields.newPassword === fields.confirmPassword;
const notTheSame = { path: ['confirmPassword'], message: accountMessages.passwordsDiffer };

/** The Reset password page's form. */
export const resetPasswordFormSchema = z.object(newPasswordFields).refine(typedTheSame, notTheSame);

/** My Profile's Change password form. */
export const changePasswordFormSchema = z.object({ currentPassword: passwordSchema, ...newPasswordFields }).refine(typedTheSame, notTheSame);

/**
 * `POST /auth/reset-password`: the token from the e-mail's link and the new password, checked with the
 * shop's rules before better-auth runs (the form's confirmation stays in the browser).
 */
export const resetPasswordBodySchema = z.object({ token: z.string().min(1).max(200), newPassword: passwordSchema });

/** `POST /auth/change-password`: better-auth checks the current password, the shop's rules the new one. */
export const changePasswordBodySchema = z.object({ currentPassword: z.string(), newPassword: passwordSchema });
