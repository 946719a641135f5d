import type { Readable } from 'node:stream';
import { imageUpload } from '../../../common/shop-management.ts';
import type { Clock } from '../../clock.ts';
import { AppError, notFound } from '../../errors.ts';
import { isRecordId } from '../../record-id.ts';
import { imageTypeOf } from './image-type.ts';
import type { PictureBucket } from './picture-bucket.ts';
import { pictureIdOf, pictureKeysOf } from './picture-id.ts';
import { sizedPicture } from './picture-sizes.ts';
import type { ProductImageRepository } from './product-image-repository.ts';

/** Where the shop serves an uploaded picture: under its own origin, so the CSP's img-src 'self' covers it. */
export const productImagePath = (id: string) => `/api/product-images/${id}`;

export const notAnImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', imageUpload.notAnImage);
export const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', imageUpload.tooLarge);

const noSuchPicture = () => notFound('No picture has that id.');

/** A picture to send: from the database as bytes, or from the bucket as a stream. */
export interface ServedPicture {
  contentType: string;
  body: Buffer | Readable;
  length: number | undefined;
}

/**
 * Uploaded pictures (ADR 004, ADR 053): kept in the picture bucket when the shop has one, else in the
 * database. A picture is read from wherever its row says, so that pictures stored before the bucket
 * was set are served until `pictures:move` has moved them.
 */
export function createProductImageService(images: ProductImageRepository, clock: Clock, bucket: PictureBucket | undefined) {
  async function storedPicture(id: string, size: 'large' | 'small') {
    const row = isRecordId(id) ? await images.findById(id, size) : undefined;
    if (!row) throw noSuchPicture();
    return row;
  }

  function bucketOf(id: string): PictureBucket {
    if (!bucket) throw new Error(`Picture ${id} is kept in the picture bucket, but the S3_ settings that name it are unset`);
    return bucket;
  }

  return {
    /**
     * Stores a JPEG, PNG or WebP picture (anything else, or one that does not decode, is refused and
     * nothing stored) at the shop's two widths, without its metadata; answers its address.
     */
    async store(bytes: Buffer): Promise<{ img: string }> {
      // The route's body limit refuses larger bodies before they are read; this holds if that changes.
      if (bytes.length > imageUpload.maxBytes) throw tooLarge();
      // Decided by the first bytes before any decoder sees them: sharp reads SVG, TIFF and GIF too.
      if (!imageTypeOf(bytes)) throw notAnImage();
      const sized = await sizedPicture(bytes);
      if (!sized) throw notAnImage();
      const id = pictureIdOf(sized.large, sized.small);
      const kept = { id, content_type: sized.contentType, created_at: clock().toISOString() };
      if (!bucket) {
        await images.insert({ ...kept, bytes: sized.large, small_bytes: sized.small, object_key: null, small_object_key: null });
        return { img: productImagePath(id) };
      }
      // The objects first: a row never names a key the bucket lacks. Objects whose row a crash kept
      // from being written are the same bytes under the same keys when the picture is uploaded again.
      const keys = pictureKeysOf(id);
      await Promise.all([bucket.put(keys.large, sized.large, sized.contentType), bucket.put(keys.small, sized.small, sized.contentType)]);
      await images.insert({ ...kept, bytes: null, small_bytes: null, object_key: keys.large, small_object_key: keys.small });
      return { img: productImagePath(id) };
    },

    /** The picture at a width (`small` when asked for and kept), with its type. */
    async get(id: string, size: 'large' | 'small' = 'large'): Promise<ServedPicture> {
      const row = await storedPicture(id, size);
      if (row.bytes) return { contentType: row.content_type, body: row.bytes, length: row.bytes.length };
      const object = await bucketOf(id).read(row.object_key);
      if (!object) throw noSuchPicture();
      return { contentType: row.content_type, body: object.body, length: object.length };
    },

    /** What `get` would send, without its bytes (a HEAD): from the bucket, its HEAD, not the object. */
    async describe(id: string, size: 'large' | 'small' = 'large'): Promise<Omit<ServedPicture, 'body'>> {
      const row = await storedPicture(id, size);
      if (row.bytes) return { contentType: row.content_type, length: row.bytes.length };
      const length = await bucketOf(id).lengthOf(row.object_key);
      if (length === undefined) throw noSuchPicture();
      return { contentType: row.content_type, length };
    },

    /** Ends the bucket's connections, as the shop closes. */
    async close(): Promise<void> {
      await bucket?.close();
    },
  };
}

export type ProductImageService = ReturnType<typeof createProductImageService>;
