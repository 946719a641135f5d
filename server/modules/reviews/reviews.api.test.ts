import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../../common/schemas/reviews.ts';
import { newRecordId } from '../../record-id.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

describe('GET /api/reviews', () => {
  it('lists the demo reviews with the specification field names', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    const reviews: Review[] = res.json();
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    expect(Number(res.headers['x-total-count'])).toBe(reviews.length);
    for (const review of reviews) {
      expect(Object.keys(review).sort()).toEqual(['_id', 'email', 'name', 'ratings', 'review']);
      expect(Number.isInteger(review.ratings)).toBe(true);
      expect(review.ratings).toBeGreaterThanOrEqual(1);
      expect(review.ratings).toBeLessThanOrEqual(5);
    }
  });

  it('puts the newest review first and pages', async () => {
    await shop.db
      .insertInto('reviews')
      .values({
        id: newRecordId(),
        name: 'Newest Customer',
        email: 'newest@example.com',
        review: 'Arrived sharp.',
        ratings: 5,
        created_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    const res = await shop.app.inject({ method: 'GET', url: '/api/reviews?limit=3' });
    const reviews: Review[] = res.json();
    expect(reviews).toHaveLength(3);
    expect(reviews[0]).toMatchObject({ name: 'Newest Customer', review: 'Arrived sharp.', ratings: 5 });
  });
});
