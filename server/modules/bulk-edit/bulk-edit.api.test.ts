import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryMessages } from '../../../common/categories.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';

/** Issue 27's bulk edit: one change to many products' variants, in one transaction, admins only. */

let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true });
});
afterAll(() => people.shop.close());

const app = () => people.shop.app;
const db = () => people.shop.db;
const bulk = (who: Caller, body: object) => call(app(), 'POST', '/api/products/bulk', who, body);

/** The first `count` products of the demo catalogue, by id. */
async function someProducts(count: number, skip = 0): Promise<string[]> {
  const rows = await db().selectFrom('products').select('id').orderBy('id').offset(skip).limit(count).execute();
  return rows.map((row) => row.id);
}

const variantsOf = (ids: string[]) =>
  db().selectFrom('product_variants').select(['id', 'product_id', 'price_cents', 'avail_quantity']).where('product_id', 'in', ids).orderBy('id').execute();
const productsOf = (ids: string[]) =>
  db().selectFrom('products').select(['id', 'price_cents', 'price_max_cents', 'avail_quantity', 'category', 'hidden']).where('id', 'in', ids).orderBy('id').execute();

describe('POST /api/products/bulk', () => {
  it('answers 401 and 403 before reading the body, and 400 for no products or an unknown change', async () => {
    const ids = await someProducts(2);
    const before = await variantsOf(ids);
    expect((await bulk(undefined, { ids, change: { kind: 'stock', availQuantity: 0 } })).statusCode).toBe(401);
    expect((await bulk(people.carol, { ids, change: { kind: 'stock', availQuantity: 0 } })).statusCode).toBe(403);
    expect((await bulk(people.admin, { ids: [], change: { kind: 'stock', availQuantity: 0 } })).statusCode).toBe(400);
    expect((await bulk(people.admin, { ids, change: { kind: 'colour', colour: 'red' } })).statusCode).toBe(400);
    expect((await bulk(people.admin, { ids: Array.from({ length: 501 }, () => ids[0]), change: { kind: 'hidden', hidden: true } })).statusCode).toBe(400);
    expect(await variantsOf(ids)).toEqual(before);
  });

  it('moves every variant of each product by a percentage, to the cent, and the products follow', async () => {
    const ids = await someProducts(3);
    const before = await variantsOf(ids);
    const res = await bulk(people.admin, { ids, change: { kind: 'price-percent', percent: 12.5 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 3 });
    const after = await variantsOf(ids);
    expect(after.map((variant) => variant.price_cents)).toEqual(before.map((variant) => Math.floor((variant.price_cents * 11_250 + 5_000) / 10_000)));
    for (const product of await productsOf(ids)) {
      const prices = after.filter((variant) => variant.product_id === product.id).map((variant) => variant.price_cents);
      expect([product.price_cents, product.price_max_cents]).toEqual([Math.min(...prices), Math.max(...prices)]);
    }
  });

  it('never takes a price below a cent', async () => {
    const [id] = await someProducts(1, 3);
    await db().updateTable('product_variants').set({ price_cents: 3 }).where('product_id', '=', id!).execute();
    expect((await bulk(people.admin, { ids: [id], change: { kind: 'price-percent', percent: -90 } })).json()).toEqual({ changed: 1 });
    expect((await variantsOf([id!])).map((variant) => variant.price_cents)).toEqual((await variantsOf([id!])).map(() => 1));
  });

  it('sets a price, a stock, a category and hidden, and counts only products that exist', async () => {
    const ids = await someProducts(2, 4);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await bulk(people.admin, { ids: [...ids, unknown, 'not-an-id'], change: { kind: 'price-to', price: 19.99 } })).json()).toEqual({ changed: 2 });
    expect((await bulk(people.admin, { ids, change: { kind: 'stock', availQuantity: 0 } })).json()).toEqual({ changed: 2 });
    expect((await bulk(people.admin, { ids, change: { kind: 'category', category: 'clamps' } })).json()).toEqual({ changed: 2 });
    expect((await bulk(people.admin, { ids, change: { kind: 'hidden', hidden: true } })).json()).toEqual({ changed: 2 });
    for (const variant of await variantsOf(ids)) expect(variant).toMatchObject({ price_cents: 1999, avail_quantity: 0 });
    for (const product of await productsOf(ids)) expect(product).toMatchObject({ price_cents: 1999, price_max_cents: 1999, avail_quantity: 0, category: 'clamps', hidden: 1 });
  });

  it('refuses a category that does not exist, and changes nothing', async () => {
    const ids = await someProducts(2, 6);
    const before = await productsOf(ids);
    const res = await bulk(people.admin, { ids, change: { kind: 'category', category: 'spoons' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: `Invalid request. change.category: ${categoryMessages.unknown}: spoons` });
    expect(await productsOf(ids)).toEqual(before);
  });

  it('applies 50 edits at once to the same products each exactly once', async () => {
    const ids = await someProducts(3, 8);
    await db().updateTable('product_variants').set({ price_cents: 1000 }).where('product_id', 'in', ids).execute();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, at) => bulk(people.admin, { ids: at % 2 === 0 ? ids : ids.toReversed(), change: { kind: 'price-percent', percent: 1 } })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    let expected = 1000;
    for (let step = 0; step < 50; step += 1) expected = Math.floor((expected * 10_100 + 5_000) / 10_000);
    for (const variant of await variantsOf(ids)) expect(variant.price_cents).toBe(expected);
  });
});
