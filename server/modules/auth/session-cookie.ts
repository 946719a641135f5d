/** better-auth's session cookie, with the `__Secure-` prefix on https; its value is `token.signature`. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/g;

/**
 * The session cookie's value (`token.signature`, URL-encoded as sent) in a Cookie header, if there is
 * exactly one. With two (a plain one planted beside the `__Secure-` one, say), which one better-auth
 * reads is its business: the shop trusts neither by itself.
 */
export function sessionCookieValue(cookieHeader: string | null | undefined): string | undefined {
  const values = [...(cookieHeader ?? '').matchAll(sessionCookie)].map((match) => match[1]!);
  return values.length === 1 ? values[0] : undefined;
}

/** The session token a session cookie's value carries (before the signature). */
export function sessionTokenOf(cookieValue: string): string {
  return decodeURIComponent(cookieValue).split('.')[0] ?? '';
}
