import type { Database } from '../../db/database.ts';

/**
 * A product's pictures in order (`product_pictures`, migration 015), read and written by position
 * through its primary key (product_id, position). Position 0 is the main picture, which
 * `products.img` mirrors: the product repository writes both in one transaction.
 */

/** The product's pictures in order; none for a product written before it had a list (its `img` stands in). */
export async function picturesOf(db: Database, productId: string): Promise<string[]> {
  const rows = await db.selectFrom('product_pictures').select('img').where('product_id', '=', productId).orderBy('position').execute();
  return rows.map((row) => row.img);
}

/** Replaces the product's pictures with these, in this order. Run inside the transaction that writes `img`. */
export async function replacePictures(transaction: Database, productId: string, pictures: readonly string[]): Promise<void> {
  await transaction.deleteFrom('product_pictures').where('product_id', '=', productId).execute();
  if (pictures.length === 0) return;
  await transaction
    .insertInto('product_pictures')
    .values(pictures.map((img, position) => ({ product_id: productId, position, img })))
    .execute();
}
