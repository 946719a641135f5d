import { newRecordId } from '../../record-id.ts';
import type { Database } from '../database.ts';
import { refreshProducts } from '../variant-stock.ts';
import { generatedSku } from '../../../common/variants.ts';
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
      options: JSON.stringify(product.options ?? []),
    }));
    await trx.insertInto('products').values(products).execute();
    await trx
      .insertInto('product_pictures')
      .values(demoProducts.flatMap((product, index) => [product.img, ...(product.pictures ?? [])].map((img, position) => ({ product_id: products[index]!.id, position, img }))))
      .execute();
    // A product sold one way has one variant, with the product's id; the others one per combination sold.
    await trx
      .insertInto('product_variants')
      .values(
        demoProducts.flatMap((product, index) => {
          const id = products[index]!.id;
          if (!product.variants) {
            return [
              {
                id,
                product_id: id,
                position: 0,
                sku: generatedSku(id),
                options: '{}',
                price_cents: product.priceCents,
                avail_quantity: product.availQuantity,
                weight_grams: product.weightGrams,
                img: '',
              },
            ];
          }
          return product.variants.map((variant, position) => ({
            id: position === 0 ? id : newRecordId(),
            product_id: id,
            position,
            sku: variant.sku,
            options: JSON.stringify(variant.options),
            price_cents: variant.priceCents,
            avail_quantity: variant.availQuantity,
            weight_grams: variant.weightGrams,
            img: variant.img ?? '',
          }));
        }),
      )
      .execute();
    await refreshProducts(
      trx,
      products.map((product) => product.id),
    );
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
