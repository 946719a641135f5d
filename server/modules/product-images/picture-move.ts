import type { PictureBucket } from './picture-bucket.ts';
import { pictureKeysOf } from './picture-id.ts';
import type { ProductImageRepository } from './product-image-repository.ts';

/** Pictures read from the database at a time: a few megabytes at most. */
const batchSize = 20;

/**
 * Copies every picture still kept in the database into the bucket and points its row to the keys,
 * clearing its bytes (`npm run pictures:move`, ADR 053). A row's bytes are cleared only once the
 * bucket holds each of its copies whole, in the statement that writes its keys, so a run stopped at
 * any point loses nothing: the next run copies the rows still holding bytes again (the same bytes to
 * the same keys) and passes over those already moved. Answers how many it moved.
 */
export async function movePicturesToBucket(images: ProductImageRepository, bucket: PictureBucket): Promise<number> {
  let moved = 0;
  for (let batch = await images.inDatabase(batchSize); batch.length > 0; batch = await images.inDatabase(batchSize)) {
    for (const picture of batch) {
      const keys = pictureKeysOf(picture.id);
      const copies = [{ key: keys.large, bytes: picture.bytes }, ...(picture.small_bytes ? [{ key: keys.small, bytes: picture.small_bytes }] : [])];
      for (const { key, bytes } of copies) {
        await bucket.put(key, bytes, picture.content_type);
        if (!(await bucket.holds(key, bytes.length))) throw new Error(`The bucket does not hold ${key} whole after storing it; picture ${picture.id} stays in the database`);
      }
      await images.markInBucket(picture.id, keys.large, picture.small_bytes ? keys.small : null);
      moved += 1;
    }
  }
  return moved;
}
