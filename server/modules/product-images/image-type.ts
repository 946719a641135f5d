import type { imageUpload } from '../../../common/shop-management.ts';

export type ImageType = (typeof imageUpload.types)[number];

const jpeg = Buffer.from([0xff, 0xd8, 0xff]);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const riff = Buffer.from('RIFF', 'latin1');
const webp = Buffer.from('WEBP', 'latin1');

const hasAt = (bytes: Buffer, signature: Buffer, at = 0) => bytes.subarray(at, at + signature.length).equals(signature);

/**
 * The picture's real type, read from its first bytes. The Content-Type a browser sends is only a
 * guess from the file's name, so it never decides what the shop stores and serves.
 */
export function imageTypeOf(bytes: Buffer): ImageType | undefined {
  if (hasAt(bytes, jpeg)) return 'image/jpeg';
  if (hasAt(bytes, png)) return 'image/png';
  // RIFF, a four-byte length, then WEBP.
  if (hasAt(bytes, riff) && hasAt(bytes, webp, 8)) return 'image/webp';
  return undefined;
}
