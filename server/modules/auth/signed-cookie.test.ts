import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { verifiedToken } from './signed-cookie.ts';

const secret = 'a-secret-of-the-shop-at-least-32-characters';

/** The cookie's value as better-auth's own library signs it (`token.signature`, URL-encoded). */
async function signedByBetterCall(token: string, key = secret): Promise<string> {
  const cookie = await serializeSignedCookie('better-auth.session_token', token, key);
  return /^better-auth\.session_token=([^;]+)/.exec(cookie)![1]!;
}

describe('the session cookie’s signature, checked by the shop (ADR 058)', () => {
  it('gives the token of a cookie better-auth signed with the shop’s secret', async () => {
    const token = 'Qm9Yx3kP1sT7bZ2cV8nL4aH6dF0gJ5rW';
    expect(verifiedToken(await signedByBetterCall(token), secret)).toBe(token);
  });

  it('refuses a cookie signed with another secret, a changed token and a changed signature', async () => {
    const token = 'Qm9Yx3kP1sT7bZ2cV8nL4aH6dF0gJ5rW';
    expect(verifiedToken(await signedByBetterCall(token, 'another-secret-of-at-least-32-characters'), secret)).toBeNull();
    const value = decodeURIComponent(await signedByBetterCall(token));
    const [, signature] = value.split('.');
    expect(verifiedToken(encodeURIComponent(`Xm9Yx3kP1sT7bZ2cV8nL4aH6dF0gJ5rW.${signature}`), secret)).toBeNull();
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(verifiedToken(encodeURIComponent(`${token}.${flipped}`), secret)).toBeNull();
  });

  it('refuses the signature written in base64url, as better-auth’s atob does', async () => {
    // Tokens until one's signature has a "+" or "/" to rewrite as base64url's "-" or "_".
    for (let attempt = 0; ; attempt += 1) {
      const token = `Qm9Yx3kP1sT7bZ2cV8nL4aH6dF0g${String(attempt).padStart(4, '0')}`;
      const [, signature] = decodeURIComponent(await signedByBetterCall(token)).split('.');
      if (!/[+/]/.test(signature!)) continue;
      const rewritten = signature!.replace(/\+/g, '-').replace(/\//g, '_');
      expect(verifiedToken(encodeURIComponent(`${token}.${rewritten}`), secret)).toBeNull();
      expect(verifiedToken(encodeURIComponent(`${token}.${signature}`), secret)).toBe(token);
      return;
    }
  });

  it('refuses what is not a signed value: no dot, no token, a short signature, bad escapes', () => {
    expect(verifiedToken('just-a-token', secret)).toBeNull();
    expect(verifiedToken('.c2lnbmF0dXJlLWlzLWZvcnR5LWZvdXItY2hhcmFjdGVycy4uLg==', secret)).toBeNull();
    expect(verifiedToken('token.c2hvcnQ=', secret)).toBeNull();
    expect(verifiedToken('token.%E0%A4%A', secret)).toBeNull();
  });
});
