import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewMessages } from '../../../common/shop-management.ts';
import type { Review } from '../../../common/schemas/reviews.ts';
import { countCap } from '../../db/capped-count.ts';
import { demoReviews } from '../../db/seed/demo-catalogue.ts';
import { newRecordId } from '../../record-id.ts';
import { adminEmail, createShopWithPeople, signUp, type ShopWithPeople } from '../../test/accounts.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { call, type Caller, newClientAddress } from '../../test/call.ts';

/**
 * Reviews: anyone reads them (newest first, e-mail addresses masked); a signed-in customer or admin
 * adds one as themselves, the name and e-mail coming from the session.
 */

const clock = createTestClock('2026-05-04T09:00:00.000Z');
/** Counted per account: enough for Carol's many reviews in these tests; its own test uses it all up. */
const reviewsPerHour = 40;
let people: ShopWithPeople;
beforeAll(async () => {
  people = await createShopWithPeople({ seed: true, clock, env: { FORM_RATE_LIMIT_PER_HOUR: String(reviewsPerHour) } });
});
afterAll(() => people.shop.close());
// Reviews are listed by when they were added: each test's come a minute after the last test's.
beforeEach(() => clock.advance(60_000));

const app = () => people.shop.app;
const post = (who: Caller, payload: object, remoteAddress?: string) => call(app(), 'POST', '/api/reviews', who, payload, { remoteAddress });

async function listReviews(query = '?limit=100'): Promise<{ reviews: Review[]; total: number }> {
  const res = await call(app(), 'GET', `/api/reviews${query}`);
  expect(res.statusCode).toBe(200);
  return { reviews: res.json<Review[]>(), total: Number(res.headers['x-total-count']) };
}

/** The address as a review shows it: first character, •••, then @ and the domain. */
const masked = (email: string) => `${email[0]}•••${email.slice(email.indexOf('@'))}`;

describe('GET /api/reviews', () => {
  it('lists the demo reviews with the specification field names and e-mail addresses masked', async () => {
    const res = await call(app(), 'GET', '/api/reviews?limit=100');
    const reviews: Review[] = res.json();
    expect(reviews.length).toBe(demoReviews.length);
    expect(Number(res.headers['x-total-count'])).toBe(reviews.length);
    for (const review of reviews) {
      expect(Object.keys(review).sort()).toEqual(['_id', 'email', 'name', 'ratings', 'review']);
      expect(Number.isInteger(review.ratings)).toBe(true);
      expect(review.ratings).toBeGreaterThanOrEqual(1);
      expect(review.ratings).toBeLessThanOrEqual(5);
      expect(review.email).toMatch(/^.•••@[a-z0-9.-]+$/);
    }
    expect(reviews.map((review) => review.email).sort()).toEqual(demoReviews.map((review) => masked(review.email)).sort());
    for (const { email } of demoReviews) expect(res.body).not.toContain(email.split('@')[0]);
  });

  it('answers the same list to anonymous visitors, customers and admins', async () => {
    const answers = await Promise.all([undefined, people.carol, people.admin].map((who) => call(app(), 'GET', '/api/reviews?limit=100', who)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(answers[2]!.json()).toEqual(answers[0]!.json());
  });
});

describe('POST /api/reviews', () => {
  it('answers 401 to an anonymous caller, before looking at the body, and adds nothing', async () => {
    const before = (await listReviews()).total;
    for (const payload of [{ ratings: 5, review: 'Great saws.' }, { ratings: 11 }]) {
      const res = await post(undefined, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' });
    }
    expect((await listReviews()).total).toBe(before);
  });

  it("adds a customer's review as themselves: 201 with insertedId, their name, their masked address", async () => {
    const res = await post(people.carol, { ratings: 4, review: '  Sharp out of the box.  ', name: 'Someone Else', email: 'someone@example.com' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      insertedId: body._id,
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Carol Customer',
      email: masked(people.carol.email),
      review: 'Sharp out of the box.',
      ratings: 4,
      productId: null,
      verifiedBuyer: false,
    });
    // The shop keeps who wrote it; only the page shows less.
    const stored = await people.shop.db.selectFrom('reviews').select(['name', 'email']).where('id', '=', body._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Carol Customer', email: people.carol.email });
  });

  it("adds an admin's review as the admin", async () => {
    const res = await post(people.admin, { ratings: 5, review: 'We stand by every tool.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Shop admin', email: masked(adminEmail), ratings: 5 });
  });

  it('puts the new review first, among the three newest the home page shows, and pages', async () => {
    const created = (await post(people.oscar, { ratings: '3', review: 'Good, though delivery took a while.' })).json();
    const { reviews, total } = await listReviews('?limit=3');
    expect(reviews).toHaveLength(3);
    expect(reviews[0]).toEqual({ _id: created._id, name: 'Oscar Other', email: masked(people.oscar.email), review: 'Good, though delivery took a while.', ratings: 3 });
    const all = (await listReviews()).reviews;
    expect(total).toBe(all.length);
    expect((await listReviews('?limit=3&offset=3')).reviews).toEqual(all.slice(3, 6));
  });

  it('keeps markup as the text it is', async () => {
    const text = '<img src=x onerror="alert(1)"> <b>bold</b> & done';
    const res = await post(people.carol, { ratings: 2, review: text });
    expect(res.json().review).toBe(text);
    expect((await listReviews('?limit=1')).reviews[0]!.review).toBe(text);
  });

  it('takes a review of exactly 1,000 characters', async () => {
    const res = await post(people.carol, { ratings: 5, review: 'a'.repeat(1000) });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['no rating', { review: 'Fine.' }, 'ratings', reviewMessages.ratingsRequired],
    ['a rating that is not a number', { ratings: 'five', review: 'Fine.' }, 'ratings', reviewMessages.ratingsRequired],
    ['a rating of 0', { ratings: 0, review: 'Fine.' }, 'ratings', reviewMessages.ratingsRange],
    ['a rating of 6', { ratings: 6, review: 'Fine.' }, 'ratings', reviewMessages.ratingsRange],
    ['a rating of 11', { ratings: 11, review: 'Fine.' }, 'ratings', reviewMessages.ratingsRange],
    ['a fractional rating', { ratings: 4.5, review: 'Fine.' }, 'ratings', reviewMessages.ratingsRange],
    ['no review', { ratings: 4 }, 'review', reviewMessages.reviewRequired],
    ['a blank review', { ratings: 4, review: '   ' }, 'review', reviewMessages.reviewRequired],
    ['a review of 1,001 characters', { ratings: 4, review: 'a'.repeat(1001) }, 'review', reviewMessages.reviewTooLong],
  ])('refuses %s with a 400 naming the field and saying why, and adds nothing', async (_case, payload, field, message) => {
    const before = (await listReviews()).total;
    const res = await post(people.carol, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(`${field}: ${message}`);
    expect((await listReviews()).total).toBe(before);
  });

  it('lets one account post only a few reviews an hour, from any address; others at that address go on', async () => {
    const client = newClientAddress();
    const keen = await signUp(app(), 'Keen Reviewer');
    // FORM_RATE_LIMIT_PER_HOUR: the same allowance as the home page's forms.
    for (let index = 0; index < reviewsPerHour; index += 1) {
      expect((await post(keen, { ratings: 5, review: `Review ${index}` }, newClientAddress())).statusCode).toBe(201);
    }
    const refused = await post(keen, { ratings: 5, review: 'One too many' }, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many requests/) });
    expect((await post(people.oscar, { ratings: 5, review: 'From the same bench' }, client)).statusCode).toBe(201);
  });
});

describe('GET /api/reviews with more reviews than are counted', () => {
  it('counts to 1,000 and says there are more, and still lists the newest first', async () => {
    const before = await listReviews('?limit=1');
    expect(before.total).toBeLessThan(countCap);
    const added = countCap + 1 - before.total;
    const rows = Array.from({ length: added }, (_, index) => ({
      id: newRecordId(),
      name: 'Pat Pupil',
      email: `pupil${index}@school.example`,
      review: 'Our class used it all term.',
      ratings: 4,
      created_at: new Date(Date.UTC(2027, 0, 1) + index * 60_000).toISOString(),
      product_id: null,
    }));
    for (let start = 0; start < rows.length; start += 100)
      await people.shop.db
        .insertInto('reviews')
        .values(rows.slice(start, start + 100))
        .execute();

    // Asked twice: the second answer is the kept one (ADR 019), sent again with the same headers.
    for (const ask of [1, 2]) {
      const res = await call(app(), 'GET', '/api/reviews?limit=3');
      expect(res.headers['x-total-count'], `ask ${ask}`).toBe(String(countCap));
      expect(res.headers['x-total-count-capped'], `ask ${ask}`).toBe('true');
      expect(res.json<Review[]>().map((review) => review.email)).toEqual([added - 1, added - 2, added - 3].map((index) => masked(`pupil${index}@school.example`)));
    }
  });
});
