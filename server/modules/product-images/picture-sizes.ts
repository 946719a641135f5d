import sharp from 'sharp';

/** The widths the shop keeps of an uploaded picture: a product page's, and a card's or thumbnail's. */
export const pictureWidths = { large: 800, small: 400 } as const;

/**
 * A phone's photo has at most about 48 million pixels (the largest main cameras, full size); a file
 * that claims more is refused before it is decoded, so that a small file cannot make the server decode
 * an enormous one. Decoding runs on libuv's thread pool (sharp), never on the event loop, so one large
 * photo being resized does not hold up other requests.
 */
const largestInputPixels = 50_000_000;

/** An uploaded picture at the shop's two widths, as WebP. */
export interface SizedPicture {
  contentType: 'image/webp';
  large: Buffer;
  small: Buffer;
}

/**
 * Turns an upload (already known by its bytes to be a JPEG, PNG or WebP) into the copies the shop
 * serves: turned upright as the camera recorded, no wider than 800 and 400 px (never enlarged), and
 * re-encoded as WebP with none of the original's metadata, so a photo's GPS position, camera and
 * date never reach a visitor. Answers undefined for bytes that do not decode as a picture.
 */
export async function sizedPicture(upload: Buffer): Promise<SizedPicture | undefined> {
  try {
    const upright = sharp(upload, { limitInputPixels: largestInputPixels, failOn: 'error', animated: false }).rotate();
    const at = (width: number) => upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const [large, small] = await Promise.all([at(pictureWidths.large), at(pictureWidths.small)]);
    return { contentType: 'image/webp', large, small };
  } catch {
    return undefined;
  }
}
