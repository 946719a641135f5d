import { createHmac } from 'node:crypto';

/**
 * Time-based one-time codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), computed the way an
 * authenticator app does, so that the API and end-to-end tests can answer a two-factor prompt.
 * Only node:crypto: the end-to-end tests import this file too.
 */

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (case-insensitive; padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error(`not a base32 character: ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The base32 secret in an otpauth:// URI, as an authenticator app reads it from the QR code. */
export function totpSecretFromUri(uri: string): string {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:') throw new Error(`not an otpauth URI: ${uri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

export interface TotpOptions {
  /** When, in milliseconds since the epoch (default: now). */
  at?: number;
  periodSeconds?: number;
  digits?: number;
}

/** HOTP (RFC 4226) for a counter: HMAC-SHA1, dynamic truncation, the last `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', key).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator app shows for a base32 secret (or an otpauth:// URI) at a moment. */
export function totpCode(secretOrUri: string, { at = Date.now(), periodSeconds = 30, digits = 6 }: TotpOptions = {}): string {
  const secret = secretOrUri.startsWith('otpauth:') ? totpSecretFromUri(secretOrUri) : secretOrUri;
  return hotp(base32Decode(secret), Math.floor(at / 1000 / periodSeconds), digits);
}
