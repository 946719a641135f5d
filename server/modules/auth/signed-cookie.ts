import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token a better-auth signed cookie value carries (`token.signature`, URL-encoded as sent), if
 * its signature is the HMAC-SHA256 of the token under the shop's secret; null when it is not, as
 * better-auth treats it. Checked with node:crypto at once, where better-auth goes through WebCrypto's
 * asynchronous calls: on every signed-in request that was the larger part of reading the session.
 */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // better-auth's own rule: a SHA-256 signature in standard base64, 44 characters with its padding
  // (decoded by atob, which refuses base64url's "-" and "_"; Buffer would take them).
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
