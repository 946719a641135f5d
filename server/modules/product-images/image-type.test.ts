import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type.ts';

const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('imageTypeOf', () => {
  it('tells JPEG, PNG and WebP apart by their first bytes', () => {
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'rest'))).toBe('image/jpeg');
    expect(imageTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'))).toBe('image/png');
    expect(imageTypeOf(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('recognises nothing else, whatever the file was called', () => {
    expect(imageTypeOf(bytes('just some text, renamed to .png'))).toBeUndefined();
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageTypeOf(bytes('GIF89a'))).toBeUndefined();
    // A WAV file is RIFF too, but not WEBP.
    expect(imageTypeOf(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
  });

  it('recognises nothing in a file too short to carry a whole signature', () => {
    expect(imageTypeOf(Buffer.alloc(0))).toBeUndefined();
    expect(imageTypeOf(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(imageTypeOf(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(imageTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEB'))).toBeUndefined();
  });
});
