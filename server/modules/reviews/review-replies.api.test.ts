import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingSummary } from '../../../common/product-page.ts';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { ProductDetail } from '../../../common/schemas/products.ts';
import type { ProductReview, Review, StaffReview } from '../../../common/schemas/reviews.ts';
import { withoutRightMessage } from '../../../common/staff-roles.ts';
import { createShopWithPeople, type ShopWithPeople, signUp, type TestAccount, testOrigin } from '../../test/accounts.ts';
import { call, type Caller } from '../../test/call.ts';
import { outboxMessages } from '../../test/mail-outbox.ts';
import { addProduct } from '../../test/ordering.ts';
import { signUpStaff } from '../../test/staff.ts';

/**
 * Reviews the owner answers (issue 29): staff with the `content` right hide a review (it leaves every
 * public list and the rating) or show it again, and reply in public under it; the author is e-mailed
 * once when their review is first answered; each change is in the audit trail.
 */

const origin = 'https://shop.example';
let people: ShopWithPeople;
let webRoot: string;
let staff: Record<'manager' | 'fulfilment' | 'support', TestAccount>;

beforeAll(async () => {
  // A stand-in for the built web app, so that a product's page is written with its head (and its rating in JSON-LD).
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="en"><head><title>Joinery</title></head><body><div id="root"></div></body></html>');
  people = await createShopWithPeople({ webRoot, env: { PUBLIC_URL: origin, TRUSTED_ORIGINS: testOrigin, FORM_RATE_LIMIT_PER_HOUR: '1000' }, jobs: { pollIntervalMs: 20 } });
  staff = {
    manager: await signUpStaff(people.shop, people.admin, 'manager'),
    fulfilment: await signUpStaff(people.shop, people.admin, 'fulfilment'),
    support: await signUpStaff(people.shop, people.admin, 'support'),
  };
});
afterAll(async () => {
  await people.shop.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const app = () => people.shop.app;

async function write(who: TestAccount, productId: string | undefined, ratings: number, review: string): Promise<Review> {
  const res = await call(app(), 'POST', '/api/reviews', who, { ratings, review, productId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Review>();
}

// `who` is given as an argument, not a default: undefined is the visitor.
const hide = (id: string, hidden: boolean, ...who: [Caller] | []) => call(app(), 'PATCH', `/api/reviews/${id}`, who.length ? who[0] : people.admin, { hidden });
const reply = (id: string, text: string, ...who: [Caller] | []) => call(app(), 'POST', `/api/reviews/${id}/reply`, who.length ? who[0] : people.admin, { text });

async function homeList(): Promise<Review[]> {
  const res = await call(app(), 'GET', '/api/reviews?limit=100');
  expect(res.statusCode).toBe(200);
  return res.json<Review[]>();
}

async function productList(productId: string): Promise<{ reviews: ProductReview[]; total: number }> {
  const res = await call(app(), 'GET', `/api/products/${productId}/reviews?limit=100`);
  expect(res.statusCode).toBe(200);
  return { reviews: res.json<ProductReview[]>(), total: Number(res.headers['x-total-count']) };
}

const ratingOf = async (productId: string) => (await call(app(), 'GET', `/api/products/${productId}`)).json<ProductDetail>().rating;

/** The rating the product's page gives search engines (its JSON-LD), as a crawler reads it. */
async function structuredRating(productId: string): Promise<{ ratingValue: number; reviewCount: number } | undefined> {
  const res = await app().inject({ method: 'GET', url: `/products/${productId}` });
  expect(res.statusCode).toBe(200);
  const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(res.body)?.[1];
  return (JSON.parse(json!) as { aggregateRating?: { ratingValue: number; reviewCount: number } }).aggregateRating;
}

/** The rating counted afresh from the table: the shown reviews of the product. */
async function recount(productId: string) {
  const rows = await people.shop.db.selectFrom('reviews').select('ratings').where('product_id', '=', productId).where('hidden_at', 'is', null).execute();
  return ratingSummary(
    rows.reduce((sum, row) => sum + row.ratings, 0),
    rows.length,
  );
}

/** The audit trail's records about this review, newest first, read from the table (the page shows 100 at most). */
async function auditOf(subject: string): Promise<Array<Pick<AuditRecord, 'kind' | 'actorEmail' | 'detail'>>> {
  const rows = await people.shop.db.selectFrom('audit_log').selectAll().where('subject', '=', subject).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => ({ kind: row.kind as AuditRecord['kind'], actorEmail: row.actor_email, detail: JSON.parse(row.detail) as AuditRecord['detail'] }));
}

/** The mails telling this address its review was answered, once every queued one has gone out (sign-up sent others). */
async function answeredMailsTo(email: string) {
  await app().jobs.waitUntilIdle();
  return outboxMessages(people.shop.dataDir).filter((mail) => mail.to === email && mail.subject.startsWith('We answered your review'));
}

describe('hiding a review', () => {
  it('takes it out of every public list, the rating and the page’s structured data, and showing it brings it all back', async () => {
    const product = await addProduct(people.shop.db, { name: 'Dovetail saw' });
    const kept = await write(people.oscar, product.id, 5, 'Cuts true.');
    const unkind = await write(people.carol, product.id, 1, 'Rude words about the postman.');
    expect(await ratingOf(product.id)).toEqual({ count: 2, average: 3 });

    const hidden = await hide(unkind._id, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<StaffReview>()).toMatchObject({ _id: unkind._id, productName: 'Dovetail saw', hiddenAt: expect.any(String) as string });

    expect((await homeList()).map((review) => review._id)).not.toContain(unkind._id);
    expect((await homeList()).map((review) => review._id)).toContain(kept._id);
    const listed = await productList(product.id);
    expect(listed.reviews.map((review) => review._id)).toEqual([kept._id]);
    expect(listed.total).toBe(1);
    expect(await ratingOf(product.id)).toEqual({ count: 1, average: 5 });
    expect(await structuredRating(product.id)).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    // Staff still see it, marked hidden.
    const managed = (await call(app(), 'GET', '/api/reviews/manage?limit=100', people.admin)).json<StaffReview[]>();
    expect(managed.find((review) => review._id === unkind._id)?.hiddenAt).not.toBeNull();

    const shown = await hide(unkind._id, false);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<StaffReview>().hiddenAt).toBeNull();
    expect((await homeList()).map((review) => review._id)).toContain(unkind._id);
    expect((await productList(product.id)).total).toBe(2);
    expect(await ratingOf(product.id)).toEqual({ count: 2, average: 3 });
    expect(await structuredRating(product.id)).toMatchObject({ ratingValue: 3, reviewCount: 2 });

    const records = await auditOf(unkind._id);
    expect(records.map((record) => record.kind)).toEqual(['review.shown', 'review.hidden']);
    expect(records[1]).toMatchObject({
      actorEmail: 'boss@joinery.example',
      detail: { changes: [{ field: 'hidden', before: false, after: true }], facts: { product: 'Dovetail saw', rating: 1 } },
    });
    // The audit trail is never changed, so it keeps nothing an erasure would have to take out (ADR 046).
    const stored = JSON.stringify(records);
    expect(stored).not.toContain('Carol Customer');
    expect(stored).not.toContain(people.carol.email);
  });

  it('hidden twice is hidden once: the second call changes and records nothing', async () => {
    const review = await write(people.carol, undefined, 2, 'Meh.');
    expect((await hide(review._id, true)).statusCode).toBe(200);
    const again = await hide(review._id, true);
    expect(again.statusCode).toBe(200);
    expect(again.json<StaffReview>().hiddenAt).not.toBeNull();
    expect((await auditOf(review._id)).map((record) => record.kind)).toEqual(['review.hidden']);
  });

  it('answers 404 for a review that is not there and 400 for a body that does not say hidden or shown', async () => {
    expect((await hide('7b0c8e7e-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await hide('not-a-review', true)).statusCode).toBe(404);
    const review = await write(people.carol, undefined, 4, 'Fine.');
    expect((await call(app(), 'PATCH', `/api/reviews/${review._id}`, people.admin, { hidden: 'yes' })).statusCode).toBe(400);
  });
});

describe('replying to a review', () => {
  it('shows the reply under the review in every public list, and e-mails its author once, however often it is sent or edited', async () => {
    const product = await addProduct(people.shop.db, { name: 'Marking gauge' });
    const author = await signUp(app(), 'Rita Reviewer');
    const review = await write(author, product.id, 4, 'Good gauge, the pin could be sharper.');

    const answered = await reply(review._id, 'Thank you, Rita: new pins are ground finer since May.');
    expect(answered.statusCode, answered.body).toBe(200);
    const expectedReply = { text: 'Thank you, Rita: new pins are ground finer since May.', repliedAt: expect.any(String) as string };
    expect(answered.json<StaffReview>().reply).toEqual(expectedReply);
    expect((await productList(product.id)).reviews[0]?.reply).toEqual(expectedReply);
    expect((await homeList()).find((listed) => listed._id === review._id)?.reply).toEqual(expectedReply);

    // The same request again (a retry) changes, records and sends nothing.
    expect((await reply(review._id, 'Thank you, Rita: new pins are ground finer since May.')).statusCode).toBe(200);
    // An edit replaces the reply: recorded before and after, and not mailed again.
    const edited = await reply(review._id, 'Thank you, Rita: pins are ground finer since May.');
    expect(edited.json<StaffReview>().reply?.text).toBe('Thank you, Rita: pins are ground finer since May.');
    expect((await productList(product.id)).reviews[0]?.reply?.text).toBe('Thank you, Rita: pins are ground finer since May.');

    const mails = await answeredMailsTo(author.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['We answered your review of Marking gauge']);
    expect(mails[0]!.text).toContain('Thank you, Rita: new pins are ground finer since May.');
    expect(mails[0]!.text).toContain(`${origin}/products/${product.id}#reviews`);

    const records = await auditOf(review._id);
    expect(records.map((record) => record.detail.changes)).toEqual([
      [{ field: 'reply', before: 'Thank you, Rita: new pins are ground finer since May.', after: 'Thank you, Rita: pins are ground finer since May.' }],
      [{ field: 'reply', before: null, after: 'Thank you, Rita: new pins are ground finer since May.' }],
    ]);
    expect(records.every((record) => record.kind === 'review.replied')).toBe(true);
  });

  it('mails nobody when the author signed up with a phone number: the address the shop made up for them can receive nothing', async () => {
    const review = await write(people.oscar, undefined, 4, 'Quick delivery to the workshop.');
    const madeUp = '14155550199.k3x9@phone.joinery.invalid';
    await people.shop.db.updateTable('reviews').set({ email: madeUp }).where('id', '=', review._id).execute();
    const answered = await reply(review._id, 'Thank you for the kind words.');
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await homeList()).find((listed) => listed._id === review._id)?.reply?.text).toBe('Thank you for the kind words.');
    await app().jobs.waitUntilIdle();
    expect(outboxMessages(people.shop.dataDir).filter((mail) => mail.to === madeUp)).toEqual([]);
    expect((await call(app(), 'GET', '/api/jobs/failed', people.admin)).json<unknown[]>()).toEqual([]);
  });

  it('refuses a reply to a hidden review (a reply is public), an empty one and one to no review', async () => {
    const review = await write(people.carol, undefined, 1, 'Never arrived.');
    await hide(review._id, true);
    const refused = await reply(review._id, 'Sorry about that.');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/Show it again before replying/);
    await hide(review._id, false);
    expect((await reply(review._id, '   ')).statusCode).toBe(400);
    expect((await reply(review._id, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await reply('7b0c8e7e-0000-4000-8000-000000000000', 'Hello')).statusCode).toBe(404);
    expect(await answeredMailsTo(people.carol.email)).toEqual([]);
  });
});

describe('who may hide and reply', () => {
  it('refuses visitors (401), customers (403) and staff without the content right (403, naming it), and lets a manager', async () => {
    const review = await write(people.oscar, undefined, 3, 'Okay.');
    for (const [who, status] of [
      [undefined, 401],
      [people.carol, 403],
      [people.oscar, 403],
    ] as const) {
      expect((await hide(review._id, true, who)).statusCode).toBe(status);
      expect((await reply(review._id, 'Hi', who)).statusCode).toBe(status);
      expect((await call(app(), 'GET', '/api/reviews/manage', who)).statusCode).toBe(status);
    }
    for (const role of ['fulfilment', 'support'] as const) {
      for (const res of [await hide(review._id, true, staff[role]), await reply(review._id, 'Hi', staff[role])]) {
        expect(res.statusCode).toBe(403);
        expect(res.json<{ message: string }>().message).toBe(withoutRightMessage(role, 'content'));
      }
    }
    expect((await homeList()).map((listed) => listed._id)).toContain(review._id);
    expect((await hide(review._id, true, staff.manager)).statusCode).toBe(200);
    expect((await reply(review._id, 'Hi', staff.manager)).statusCode).toBe(409);
    expect((await hide(review._id, false, staff.manager)).statusCode).toBe(200);
    expect((await reply(review._id, 'Thanks, Oscar.', staff.manager)).statusCode).toBe(200);
    expect((await auditOf(review._id)).map((record) => record.actorEmail)).toEqual([staff.manager.email, staff.manager.email, staff.manager.email]);
  });
});

describe('many staff calls at once', () => {
  it('50 hides and shows at once leave the rating equal to a recount, each change recorded once', async () => {
    const product = await addProduct(people.shop.db, { name: 'Block plane' });
    const reviews: Review[] = [];
    for (const [index, ratings] of [5, 4, 1, 2, 5].entries()) reviews.push(await write(index % 2 ? people.carol : people.oscar, product.id, ratings, `Review ${index}`));

    const calls = Array.from({ length: 50 }, (_, index) => hide(reviews[index % reviews.length]!._id, index % 3 !== 0, index % 2 ? people.admin : staff.manager));
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));

    expect(await ratingOf(product.id)).toEqual(await recount(product.id));
    const listed = await productList(product.id);
    expect(
      ratingSummary(
        listed.reviews.reduce((sum, review) => sum + review.ratings, 0),
        listed.total,
      ),
    ).toEqual(await recount(product.id));
    // Each review's records alternate with its state: as many hides as shows, plus one if it ended hidden.
    for (const review of reviews) {
      const kinds = (await auditOf(review._id)).map((record) => record.kind);
      const endedHidden = (await people.shop.db.selectFrom('reviews').select('hidden_at').where('id', '=', review._id).executeTakeFirstOrThrow()).hidden_at !== null;
      const hides = kinds.filter((kind) => kind === 'review.hidden').length;
      const shows = kinds.filter((kind) => kind === 'review.shown').length;
      expect(hides - shows, review.review).toBe(endedHidden ? 1 : 0);
    }
  });

  it('50 replies at once to one review: one reply kept, each change recorded with what it replaced, one e-mail', async () => {
    const author = await signUp(app(), 'Paula Planer');
    const review = await write(author, undefined, 5, 'Lovely shop.');
    const texts = Array.from({ length: 50 }, (_, index) => `Thank you, reply ${index}.`);
    const answers = await Promise.all(texts.map((text, index) => reply(review._id, text, index % 2 ? people.admin : staff.manager)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));

    expect(await answeredMailsTo(author.email)).toHaveLength(1);
    // One chain: the first replaced nothing, and each next one replaced what the one before it wrote (records written in one millisecond are in no order).
    const changes = (await auditOf(review._id)).map((record) => record.detail.changes![0]!);
    expect(changes).toHaveLength(50);
    const byBefore = new Map(changes.map((change) => [change.before, change]));
    expect(byBefore.size).toBe(50);
    let last: string | null = null;
    for (let step = 0; step < 50; step += 1) {
      const next = byBefore.get(last);
      expect(next, `the change after ${String(last)}`).toBeDefined();
      last = next!.after as string;
    }
    const kept = (await homeList()).find((listed) => listed._id === review._id)?.reply?.text;
    expect(kept).toBe(last);
  });
});
