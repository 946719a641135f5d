import { verifiedToken } from './signed-cookie.ts';

/** better-auth's session cookie, with the `__Secure-` prefix on https; its value is `token.signature`. */
const sessionCookie = /(?:^|;\s*)(__Secure-)?better-auth\.session_token=([^;]+)/g;

/** Whether better-auth names its cookies `__Secure-…` (its `useSecureCookies`): when the shop is served over https. */
export function usesSecureCookies(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}

/**
 * The session cookies of a Cookie header: the values under the one name better-auth reads (with the
 * `__Secure-` prefix when `secure`, without it otherwise), and how many carry the other name, which
 * better-auth ignores and so must never sign anyone in.
 */
function sessionCookiesAsRead(cookieHeader: string | null | undefined, secure: boolean): { read: string[]; otherName: number } {
  const read: string[] = [];
  let otherName = 0;
  for (const match of (cookieHeader ?? '').matchAll(sessionCookie)) {
    if (Boolean(match[1]) === secure) read.push(match[2]!);
    else otherName += 1;
  }
  return { read, otherName };
}

/** What the shop makes of a request's session cookies by itself. */
export type SessionCookieReading = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'better-auth' };

/**
 * The session token of a Cookie header as the shop reads it by itself (ADR 058): one cookie under the
 * name better-auth reads, signed under `secret`. Anything else with a session cookie in it (two of
 * them, one under the other name, a signature under another secret while secrets rotate) is
 * better-auth's to answer, which alone knows what it accepts.
 */
export function sessionTokenAsRead(cookieHeader: string | null | undefined, { secure, secret }: { secure: boolean; secret: string }): SessionCookieReading {
  const { read, otherName } = sessionCookiesAsRead(cookieHeader, secure);
  if (read.length === 0 && otherName === 0) return { kind: 'none' };
  const token = read.length === 1 && otherName === 0 ? verifiedToken(read[0]!, secret) : null;
  return token ? { kind: 'token', token } : { kind: 'better-auth' };
}

/** better-auth's cookie that says a session is not to be remembered (and so never refreshed). */
const dontRememberCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.dont_remember=/;

/** Whether the Cookie header carries better-auth's "don't remember me" cookie. */
export function hasDontRememberCookie(cookieHeader: string | null | undefined): boolean {
  return dontRememberCookie.test(cookieHeader ?? '');
}
