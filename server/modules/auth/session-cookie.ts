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
export function sessionCookiesAsRead(cookieHeader: string | null | undefined, secure: boolean): { read: string[]; otherName: number } {
  const read: string[] = [];
  let otherName = 0;
  for (const match of (cookieHeader ?? '').matchAll(sessionCookie)) {
    if (Boolean(match[1]) === secure) read.push(match[2]!);
    else otherName += 1;
  }
  return { read, otherName };
}

/** better-auth's cookie that says a session is not to be remembered (and so never refreshed). */
const dontRememberCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.dont_remember=/;

/** Whether the Cookie header carries better-auth's "don't remember me" cookie. */
export function hasDontRememberCookie(cookieHeader: string | null | undefined): boolean {
  return dontRememberCookie.test(cookieHeader ?? '');
}
