import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { loginPath } from '../login-path.ts';

/**
 * better-auth's endpoints under /api/auth, called with the shop's own client so that every error
 * arrives as `{ code, message }`. The session itself lives in an HttpOnly cookie.
 */
const auth = <T>(path: string, body: unknown = {}, headers?: Record<string, string>) => apiPost<T>(`/api/auth${path}`, body, headers);

export interface SignInResult {
  /** True when the account has two-factor on: the code is asked for next. */
  twoFactorRedirect?: boolean;
}

export const authApi = {
  signUp: (input: { name: string; email: string; password: string }) => auth<unknown>('/sign-up/email', input),
  signIn: (input: { email: string; password: string }) => auth<SignInResult>('/sign-in/email', input),
  signOut: () => auth<unknown>('/sign-out'),
  /** Where to send the browser to sign in with Google or Facebook. */
  socialSignInUrl: (provider: 'google' | 'facebook', callbackURL: string) =>
    auth<{ url: string }>('/sign-in/social', { provider, callbackURL, errorCallbackURL: loginPath(callbackURL) }),
  sendPhoneCode: (phoneNumber: string, captchaToken?: string) =>
    auth<unknown>('/phone-number/send-otp', { phoneNumber }, captchaToken ? { 'x-captcha-response': captchaToken } : undefined),
  verifyPhoneCode: (phoneNumber: string, code: string) => auth<unknown>('/phone-number/verify', { phoneNumber, code }),
  verifyTotp: (code: string) => auth<unknown>('/two-factor/verify-totp', { code }),
  verifyBackupCode: (code: string) => auth<unknown>('/two-factor/verify-backup-code', { code }),
  enableTwoFactor: (password: string) => auth<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password }),
  disableTwoFactor: (password: string) => auth<unknown>('/two-factor/disable', { password }),
  /** Mails a reset link if the address has an account; the answer is the same either way. */
  requestPasswordReset: (email: string) => auth<unknown>('/request-password-reset', { email }),
  resetPassword: (token: string, newPassword: string) => auth<unknown>('/reset-password', { token, newPassword }),
  /** The server ends every other session of the account, whatever is asked. */
  changePassword: (currentPassword: string, newPassword: string) => auth<unknown>('/change-password', { currentPassword, newPassword }),
  /** A new confirmation link, mailed to the signed-in account's own address. */
  resendConfirmation: () => auth<unknown>('/send-verification-email'),
  confirmEmail: (token: string) => apiGet<unknown>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
};
