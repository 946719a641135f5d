import { newRecordId } from '../../record-id.ts';
import type { Database } from '../database.ts';
import { demoProducts, demoReviews } from './demo-catalogue.ts';

const seededKey = 'demo_catalogue_seeded';

/**
 * Seeds the demo catalogue into a database that has never been seeded and holds no products.
 * A marker row claimed inside the transaction makes this safe to run on every start, from
 * several processes at once, and keeps a shop whose owner emptied the catalogue empty.
 */
export async function seedDemoCatalogue(db: Database, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: seededKey, value: now.toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (!claimed.numInsertedOrUpdatedRows) return false;

    const existing = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(existing.count) > 0) return false;

    // Later entries get later timestamps, so the list's last product is the newest.
    const stamp = (index: number) => new Date(now.getTime() - (demoProducts.length - index) * 60_000).toISOString();
    const products = demoProducts.map((product, index) => ({
      id: newRecordId(),
      name: product.name,
      description: product.description,
      img: product.img,
      price_cents: product.priceCents,
      min_quantity: product.minQuantity,
      avail_quantity: product.availQuantity,
      created_at: stamp(index),
      category: product.category,
      weight_grams: product.weightGrams,
    }));
    await trx.insertInto('products').values(products).execute();
    // Each demo product's one picture is its main picture.
    await trx
      .insertInto('product_pictures')
      .values(products.map((product) => ({ product_id: product.id, position: 0, img: product.img })))
      .execute();
    const idByName = new Map(products.map((product) => [product.name, product.id]));
    await trx
      .insertInto('reviews')
      .values(
        demoReviews.map((review, index) => ({
          id: newRecordId(),
          name: review.name,
          email: review.email,
          review: review.review,
          ratings: review.ratings,
          created_at: stamp(index),
          product_id: (review.product && idByName.get(review.product)) ?? null,
        })),
      )
      .execute();
    return true;
  });
}
