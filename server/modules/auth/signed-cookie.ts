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
  // better-auth's own rule: a base64 SHA-256 signature is 44 characters with its padding.
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
