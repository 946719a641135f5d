/** better-auth's session cookie, with the `__Secure-` prefix on https; its value is `token.signature`. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/g;

/**
 * The session cookie's value (`token.signature`, URL-encoded as sent) in a Cookie header, if there is
 * exactly one. With two (a plain one planted beside the `__Secure-` one, say), which one better-auth
 * reads is its business: the shop trusts neither by itself.
 */
export function sessionCookieValue(cookieHeader: string | null | undefined): string | undefined {
  const values = sessionCookieValues(cookieHeader);
  return values.length === 1 ? values[0] : undefined;
}

/** Every session cookie's value in a Cookie header (none, one, or a planted second). */
export function sessionCookieValues(cookieHeader: string | null | undefined): string[] {
  return [...(cookieHeader ?? '').matchAll(sessionCookie)].map((match) => match[1]!);
}

/** better-auth's cookie that says a session is not to be remembered (and so never refreshed). */
const dontRememberCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.dont_remember=/;

/** Whether the Cookie header carries better-auth's "don't remember me" cookie. */
export function hasDontRememberCookie(cookieHeader: string | null | undefined): boolean {
  return dontRememberCookie.test(cookieHeader ?? '');
}

/** The session token a session cookie's value carries (before the signature). */
export function sessionTokenOf(cookieValue: string): string {
  return decodeURIComponent(cookieValue).split('.')[0] ?? '';
}
