import { describe, expect, it } from 'vitest';
import { base32Decode, totpCode, totpSecretFromUri } from './totp.ts';

/** RFC 6238, appendix B: the SHA-1 key is the ASCII string "12345678901234567890". */
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('the test TOTP helper', () => {
  it('decodes base32', () => {
    expect(base32Decode(rfcSecret).toString('ascii')).toBe('12345678901234567890');
    expect(base32Decode('mzxw6yq=').toString('ascii')).toBe('foob');
  });

  it.each([
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_234_567_890, '89005924'],
    [20_000_000_000, '65353130'],
  ])('gives the RFC 6238 code at %i s', (seconds, code) => {
    expect(totpCode(rfcSecret, { at: seconds * 1000, digits: 8 })).toBe(code);
    expect(totpCode(rfcSecret, { at: seconds * 1000 })).toBe(code.slice(-6));
  });

  it('reads the secret from an otpauth URI', () => {
    const uri = `otpauth://totp/Joinery:ann%40example.com?secret=${rfcSecret}&issuer=Joinery&digits=6&period=30`;
    expect(totpSecretFromUri(uri)).toBe(rfcSecret);
    expect(totpCode(uri, { at: 59_000 })).toBe('287082');
  });
});
