import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './http-negotiation.ts';

const asking = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('preferredEncoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR', 'br'],
    ['GZip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0', 'identity'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['brotli, xgzip', 'identity'],
    ['*', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('chooses %j as %s', (header, expected) => {
    expect(preferredEncoding(asking(header))).toBe(expected);
    // Asked again, from what it remembers of the header.
    expect(preferredEncoding(asking(header))).toBe(expected);
  });

  it('chooses only among the encodings a file has', () => {
    expect(preferredEncoding(asking('br, gzip'), { gzip: true })).toBe('gzip');
    expect(preferredEncoding(asking('br'), { gzip: true })).toBe('identity');
  });
});
