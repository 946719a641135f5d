/** better-auth's session cookie, with the `__Secure-` prefix on https; its value is `token.signature`. */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session cookie's value (`token.signature`, URL-encoded as sent) in a Cookie header, if there is one. */
export function sessionCookieValue(cookieHeader: string | null | undefined): string | undefined {
  return sessionCookie.exec(cookieHeader ?? '')?.[1];
}
