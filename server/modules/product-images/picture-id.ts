import { createHash } from 'node:crypto';

/**
 * An uploaded picture's id, made from its bytes (ADR 053): the first 128 bits of a SHA-256 over both
 * copies' own hashes, laid out as a UUID of version 8 (RFC 9562's for ids made by one's own rule), so
 * that its address keeps the one form every picture address has (`/api/product-images/<uuid>`) while
 * naming its bytes: another picture is another address, and the same picture uploaded twice is one.
 */
export function pictureIdOf(...copies: Buffer[]): string {
  const hash = createHash('sha256');
  for (const copy of copies) hash.update(createHash('sha256').update(copy).digest());
  const bits = hash.digest().subarray(0, 16);
  bits[6] = (bits[6]! & 0x0f) | 0x80;
  bits[8] = (bits[8]! & 0x3f) | 0x80;
  const hex = bits.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where a picture's two copies are kept in the bucket: named by its id, so a key never holds other bytes. */
export const pictureKeysOf = (id: string) => ({ large: `product-images/${id}`, small: `product-images/${id}-400` });
