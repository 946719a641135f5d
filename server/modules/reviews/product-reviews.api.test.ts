import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../common/schemas/products.ts';
import type { ProductReview, Review } from '../../../common/schemas/reviews.ts';
import { createShopWithPeople, type ShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { addProduct, placeOrder } from '../../test/ordering.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createReviewRepository } from './review-repository.ts';
import { call, type Caller } from '../../test/call.ts';
import { payOrder } from '../../test/paid-order.ts';

/**
 * Reviews of one product: a review may name its product; it is marked as a verified buyer's when its
 * author has a paid order of that product (decided by the server); anyone lists a product's reviews,
 * newest first and paged, and reads their count and average with the product.
 */

const clock = createTestClock('2026-06-01T09:00:00.000Z');
let people: ShopWithPeople;
beforeAll(async () => {
  // Reviews are limited per account an hour; these tests write more than a customer would.
  people = await createShopWithPeople({ seed: true, clock, env: { FORM_RATE_LIMIT_PER_HOUR: '100' } });
});
afterAll(() => people.shop.close());
// Reviews are listed by when they were written: each one a minute after the last.
beforeEach(() => clock.advance(60_000));

const app = () => people.shop.app;
const masked = (email: string) => `${email[0]}•••${email.slice(email.indexOf('@'))}`;

async function write(who: Caller, payload: object) {
  clock.advance(1000);
  return call(app(), 'POST', '/api/reviews', who, payload);
}

async function reviewsOf(productId: string, query = '?limit=100'): Promise<{ reviews: ProductReview[]; total: number }> {
  const res = await call(app(), 'GET', `/api/products/${productId}/reviews${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { reviews: res.json<ProductReview[]>(), total: Number(res.headers['x-total-count']) };
}

async function ratingOf(productId: string): Promise<ProductDetail['rating']> {
  return (await call(app(), 'GET', `/api/products/${productId}`)).json<ProductDetail>().rating;
}

/** A paid order of the product by this customer, through the order and payment API. */
async function buy(who: TestAccount, productId: string) {
  const order = await placeOrder(app(), who, productId, 2);
  await payOrder(app(), who, order._id);
}

describe('writing a review of a product', () => {
  it('marks a customer who has paid for the product as a verified buyer, and one who has not as not', async () => {
    const product = await addProduct(people.shop.db);
    await buy(people.carol, product.id);
    // Oscar ordered it too, but never paid.
    await placeOrder(app(), people.oscar, product.id, 2);

    const carols = await write(people.carol, { ratings: 5, review: 'Square and sharp.', productId: product.id });
    expect(carols.statusCode, carols.body).toBe(201);
    expect(carols.json()).toMatchObject({ name: 'Carol Customer', productId: product.id, verifiedBuyer: true });
    const oscars = await write(people.oscar, { ratings: 3, review: 'Looks fine in the pictures.', productId: product.id });
    expect(oscars.json()).toMatchObject({ name: 'Oscar Other', productId: product.id, verifiedBuyer: false });

    const { reviews } = await reviewsOf(product.id);
    expect(reviews.map(({ name, verifiedBuyer }) => ({ name, verifiedBuyer }))).toEqual([
      { name: 'Oscar Other', verifiedBuyer: false },
      { name: 'Carol Customer', verifiedBuyer: true },
    ]);
  });

  it('never takes the mark from the browser', async () => {
    const product = await addProduct(people.shop.db);
    const res = await write(people.oscar, { ratings: 5, review: 'Best chisel ever.', productId: product.id, verifiedBuyer: true, verified_buyer: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verifiedBuyer: false });
    expect((await reviewsOf(product.id)).reviews[0]!.verifiedBuyer).toBe(false);
  });

  it('marks only a buyer of this product, not of another one', async () => {
    const bought = await addProduct(people.shop.db);
    const other = await addProduct(people.shop.db);
    await buy(people.oscar, bought.id);
    expect((await write(people.oscar, { ratings: 4, review: 'Not bought, but handled one.', productId: other.id })).json()).toMatchObject({ verifiedBuyer: false });
  });

  it('keeps a review that names no product off every product’s page, as the home page has always had them', async () => {
    const product = await addProduct(people.shop.db);
    for (const payload of [
      { ratings: 4, review: 'Good shop.' },
      { ratings: 4, review: 'Good shop, again.', productId: '' },
    ]) {
      const res = await write(people.carol, payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ productId: null, verifiedBuyer: false });
    }
    expect((await reviewsOf(product.id)).total).toBe(0);
    // The home page's list keeps the specification's fields, whatever a review names.
    const [newest] = (await call(app(), 'GET', '/api/reviews?limit=1')).json<Review[]>();
    expect(Object.keys(newest!).sort()).toEqual(['_id', 'email', 'name', 'ratings', 'review']);
  });

  it.each([
    ['a product that is not in the catalogue', '00000000-0000-4000-8000-000000000000'],
    ['an id that is no product’s', 'not-a-product'],
  ])('refuses %s with a 400 that says so, and adds nothing', async (_case, productId) => {
    const before = Number((await call(app(), 'GET', '/api/reviews?limit=1')).headers['x-total-count']);
    const res = await write(people.carol, { ratings: 4, review: 'Fine.', productId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'That tool is no longer in the catalogue. Choose another, or none.' });
    expect(Number((await call(app(), 'GET', '/api/reviews?limit=1')).headers['x-total-count'])).toBe(before);
  });

  it('needs a signed-in author: 401 for a visitor', async () => {
    const product = await addProduct(people.shop.db);
    expect((await write(undefined, { ratings: 5, review: 'Anonymous praise.', productId: product.id })).statusCode).toBe(401);
    expect((await reviewsOf(product.id)).total).toBe(0);
  });
});

describe('GET /api/products/:id/reviews and the product’s rating', () => {
  it('lists only this product’s reviews, newest first, with the count, and pages them', async () => {
    const product = await addProduct(people.shop.db);
    const other = await addProduct(people.shop.db);
    const written: string[] = [];
    for (const [index, ratings] of [5, 4, 4, 2, 5, 3, 4].entries()) {
      const res = await write(index % 2 ? people.oscar : people.carol, { ratings, review: `Review number ${index + 1}.`, productId: product.id });
      written.unshift(res.json<{ _id: string }>()._id);
    }
    await write(people.carol, { ratings: 1, review: 'About the other one.', productId: other.id });

    const all = await reviewsOf(product.id);
    expect(all.total).toBe(7);
    expect(all.reviews.map((review) => review._id)).toEqual(written);
    expect(all.reviews[0]).toEqual({
      _id: written[0],
      name: 'Carol Customer',
      email: masked(people.carol.email),
      review: 'Review number 7.',
      ratings: 4,
      productId: product.id,
      verifiedBuyer: false,
      createdAt: expect.stringMatching(/^2026-06-\d\dT/),
    });
    const second = await reviewsOf(product.id, '?limit=5&offset=5');
    expect(second.total).toBe(7);
    expect(second.reviews.map((review) => review._id)).toEqual(written.slice(5));

    expect(await ratingOf(product.id)).toEqual({ count: 7, average: 3.9 });
    expect(await ratingOf(other.id)).toEqual({ count: 1, average: 1 });
  });

  it('reads no reviews and no average for a product nobody has reviewed', async () => {
    const product = await addProduct(people.shop.db);
    expect(await reviewsOf(product.id)).toEqual({ reviews: [], total: 0 });
    expect(await ratingOf(product.id)).toEqual({ count: 0, average: null });
  });

  it('answers the same to visitors, customers and admins, kept by browsers but checked each time', async () => {
    const product = await addProduct(people.shop.db);
    await write(people.carol, { ratings: 5, review: 'Everyone may read this.', productId: product.id });
    const url = `/api/products/${product.id}/reviews`;
    const answers = await Promise.all([undefined, people.carol, people.admin].map((who) => call(app(), 'GET', url, who)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.json()).toEqual(answers[0]!.json());
    }
  });

  it.each([
    ['an unknown product', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'nope'],
  ])('answers %s with a JSON 404', async (_case, id) => {
    const res = await call(app(), 'GET', `/api/products/${id}/reviews`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No product has that id.' });
  });

  it('refuses a page larger than 100', async () => {
    const product = await addProduct(people.shop.db);
    expect((await call(app(), 'GET', `/api/products/${product.id}/reviews?limit=101`)).statusCode).toBe(400);
  });

  it('keeps a deleted product’s reviews on the home page, naming no product', async () => {
    const product = await addProduct(people.shop.db);
    const review = (await write(people.carol, { ratings: 4, review: 'Gone but not forgotten.', productId: product.id })).json<{ _id: string }>();
    await call(app(), 'DELETE', `/api/products/${product.id}`, people.admin);
    const stored = await people.shop.db.selectFrom('reviews').select(['product_id']).where('id', '=', review._id).executeTakeFirstOrThrow();
    expect(stored.product_id).toBeNull();
    const home = (await call(app(), 'GET', '/api/reviews?limit=100')).json<Review[]>();
    expect(home.map((listed) => listed._id)).toContain(review._id);
  });

  it('reads the page, the count and the average through the index of the product’s shown reviews, never the whole table', async () => {
    const product = await addProduct(people.shop.db);
    await sql`analyze`.execute(people.shop.db);
    const plans = await queryPlansOf(people.shop.database, async (db) => {
      const repository = createReviewRepository(db);
      await repository.listForProduct(product.id, { limit: 5, offset: 0 });
      await repository.ratingsOf(product.id);
    });
    expect(plans).toHaveLength(3);
    for (const plan of plans) {
      expect(plan).toContain('reviews_shown_product_created_at_idx');
      expect(plan).not.toMatch(/\bSCAN reviews\b(?! USING)|Seq Scan/);
    }
    if (people.shop.database.dialect === 'sqlite') expect(plans[0]).not.toContain('TEMP B-TREE');
  });
});
