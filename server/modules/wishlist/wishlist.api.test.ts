import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WishlistItem, wishlistLimit } from '../../../common/schemas/wishlist.ts';
import { createShopWithPeople, signUp, type ShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { testDialect } from '../../test/test-database.ts';
import { addVariantProduct, restock } from '../../test/variant-products.ts';
import { newRecordId } from '../../record-id.ts';

/**
 * A signed-in customer's wishlist: hearts that add and remove products (again: no change), a page of
 * them with price and stock as they are now, and nobody else's to see or change.
 */
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople();
});
afterAll(() => people?.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;

const heart = (who: TestAccount | undefined, productId: string) => call(app(), 'PUT', `/api/wishlist/${productId}`, who);
const unheart = (who: TestAccount | undefined, productId: string) => call(app(), 'DELETE', `/api/wishlist/${productId}`, who);
async function wishlistOf(who: TestAccount, query = '') {
  const res = await call(app(), 'GET', `/api/wishlist${query}`, who);
  expect(res.statusCode).toBe(200);
  return { items: res.json<WishlistItem[]>(), total: Number(res.headers['x-total-count']) };
}
async function idsOf(who: TestAccount) {
  const res = await call(app(), 'GET', '/api/wishlist/ids', who);
  expect(res.statusCode).toBe(200);
  return res.json<{ productIds: string[] }>().productIds;
}

describe('the wishlist', () => {
  it('adds and removes a product, each idempotent, and lists it with its price and stock now', async () => {
    const customer = await signUp(app(), 'Hattie Hearts');
    const tenon = await addVariantProduct(db(), {
      name: 'Tenon saw',
      options: [{ name: 'Teeth', values: ['12 tpi', '15 tpi'] }],
      variants: [
        { choice: { Teeth: '12 tpi' }, stock: 8, priceCents: 6500 },
        { choice: { Teeth: '15 tpi' }, stock: 0, priceCents: 7200 },
      ],
    });
    const soldOut = await addVariantProduct(db(), { name: 'Dovetail saw', variants: [{ stock: 1, priceCents: 5400 }] });

    expect((await heart(customer, tenon.id)).json()).toEqual({ productId: tenon.id, inWishlist: true });
    expect((await heart(customer, tenon.id)).statusCode).toBe(200);
    expect((await heart(customer, soldOut.id)).statusCode).toBe(200);

    const { items, total } = await wishlistOf(customer);
    expect(total).toBe(2);
    expect(items).toEqual([
      {
        productId: soldOut.id,
        name: 'Dovetail saw',
        img: '/images/products/test.webp',
        price: 54,
        priceMax: 54,
        availQuantity: 1,
        soldOut: true,
        addedAt: expect.any(String) as string,
      },
      {
        productId: tenon.id,
        name: 'Tenon saw',
        img: '/images/products/test.webp',
        price: 65,
        priceMax: 72,
        availQuantity: 8,
        soldOut: false,
        addedAt: expect.any(String) as string,
      },
    ]);
    expect((await idsOf(customer)).toSorted()).toEqual([tenon.id, soldOut.id].toSorted());

    // The stock as it is now: back in stock, the item is no longer sold out.
    await restock(db(), soldOut.id, soldOut.variantIds[0]!, 4);
    expect((await wishlistOf(customer)).items[0]).toMatchObject({ availQuantity: 5, soldOut: false });

    expect((await unheart(customer, tenon.id)).json()).toEqual({ productId: tenon.id, inWishlist: false });
    expect((await unheart(customer, tenon.id)).statusCode).toBe(200);
    expect(await idsOf(customer)).toEqual([soldOut.id]);
  });

  it('is paginated, the latest added first', async () => {
    const customer = await signUp(app(), 'Paula Pages');
    const products = [];
    for (let index = 0; index < 3; index += 1) products.push(await addVariantProduct(db(), { name: `Marking gauge ${index}`, variants: [{ stock: 5 }] }));
    for (const product of products) {
      await heart(customer, product.id);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await wishlistOf(customer, '?limit=2');
    expect(first.total).toBe(3);
    expect(first.items.map((item) => item.name)).toEqual(['Marking gauge 2', 'Marking gauge 1']);
    expect((await wishlistOf(customer, '?limit=2&offset=2')).items.map((item) => item.name)).toEqual(['Marking gauge 0']);
  });

  it('answers 404 for a product that is not there or not shown', async () => {
    const hidden = await addVariantProduct(db(), { hidden: true, variants: [{ stock: 5 }] });
    expect((await heart(people.carol, newRecordId())).statusCode).toBe(404);
    expect((await heart(people.carol, 'not-an-id')).statusCode).toBe(404);
    expect((await heart(people.carol, hidden.id)).statusCode).toBe(404);
  });
});

describe('whose wishlist', () => {
  it('is for signed-in customers only, each their own', async () => {
    const product = await addVariantProduct(db(), { variants: [{ stock: 5 }] });
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['GET', '/api/wishlist/ids'],
      ['PUT', `/api/wishlist/${product.id}`],
      ['DELETE', `/api/wishlist/${product.id}`],
    ] as const) {
      expect((await call(app(), method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    await heart(people.carol, product.id);
    expect(await idsOf(people.oscar)).not.toContain(product.id);
    expect((await wishlistOf(people.oscar)).items.map((item) => item.productId)).not.toContain(product.id);
    // Oscar's remove touches his own wishlist only.
    await unheart(people.oscar, product.id);
    expect(await idsOf(people.carol)).toContain(product.id);
  });
});

describe('the limit', () => {
  it(`keeps at most ${wishlistLimit} products, however many hearts are pressed at once`, { timeout: 60_000 }, async () => {
    const customer = await signUp(app(), 'Fiona Full');
    const extra = testDialect === 'postgres' ? 50 : 5;
    const products = [];
    for (let index = 0; index < wishlistLimit + extra; index += 1) products.push(await addVariantProduct(db(), { variants: [{ stock: 5 }] }));
    // All but one place filled straight in the table (pressing 199 hearts would meet the per-minute limit).
    const { id: userId } = await db().selectFrom('user').select('id').where('email', '=', customer.email).executeTakeFirstOrThrow();
    await db()
      .insertInto('wishlist_items')
      .values(
        products
          .slice(0, wishlistLimit - 1)
          .map((product, index) => ({ user_id: userId, product_id: product.id, added_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString() })),
      )
      .execute();
    const racing = await Promise.all(products.slice(wishlistLimit - 1).map((product) => heart(customer, product.id)));
    expect(racing.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((res) => res.statusCode === 409)).toHaveLength(extra);
    expect(racing.find((res) => res.statusCode === 409)!.json<{ message: string }>().message).toBe(
      `A wishlist keeps at most ${wishlistLimit} products: remove one to add another.`,
    );
    expect(await idsOf(customer)).toHaveLength(wishlistLimit);
  });
});
