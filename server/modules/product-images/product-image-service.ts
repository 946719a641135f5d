import { imageUpload } from '../../../common/shop-management.ts';
import type { Clock } from '../../clock.ts';
import { AppError, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import { imageTypeOf } from './image-type.ts';
import { sizedPicture } from './picture-sizes.ts';
import type { ProductImageRepository } from './product-image-repository.ts';

/** Where the shop serves an uploaded picture: under its own origin, so the CSP's img-src 'self' covers it. */
export const productImagePath = (id: string) => `/api/product-images/${id}`;

export const notAnImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', imageUpload.notAnImage);
export const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', imageUpload.tooLarge);

export function createProductImageService(images: ProductImageRepository, clock: Clock) {
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
      const id = newRecordId();
      await images.insert({ id, content_type: sized.contentType, bytes: sized.large, small_bytes: sized.small, created_at: clock().toISOString() });
      return { img: productImagePath(id) };
    },

    /** The picture at a width (`small` when asked for and kept), with its type. */
    async get(id: string, size: 'large' | 'small' = 'large'): Promise<{ contentType: string; bytes: Buffer }> {
      const row = isRecordId(id) ? await images.findById(id, size) : undefined;
      if (!row) throw notFound('No picture has that id.');
      return { contentType: row.content_type, bytes: row.bytes };
    },
  };
}

export type ProductImageService = ReturnType<typeof createProductImageService>;
