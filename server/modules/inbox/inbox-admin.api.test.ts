import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listCursor } from '../../../common/pagination.ts';
import type { Database } from '../../db/database.ts';
import type { KeysetPage } from '../../db/keyset-page.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { queryPlansOf } from '../../test/query-plans.ts';
import { addContactMessage, addSubscribers } from '../../test/shop-records.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createInboxRepository } from './inbox-repository.ts';
import { call, type Caller } from '../../test/call.ts';

/**
 * The admin's inbox: contact messages and newsletter subscribers, newest first and paginated, and
 * the subscribers as a CSV file. Admins only.
 */
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
beforeAll(async () => {
  ({ shop, admin, carol } = await createShopWithPeople());
});
afterAll(() => shop.close());

const get = (url: string, who?: Caller) => call(shop.app, 'GET', url, who);

/** What an admin should see, newest first: the same order the database gives, ties broken by id. */
const newestFirst = <T extends { created_at: string; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));

describe.each(['/api/contact-messages', '/api/newsletter-subscribers', '/api/newsletter-subscribers.csv'])('GET %s', (url) => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' });
  });

  it('answers 403 to a customer', async () => {
    const res = await get(url, carol);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Only an admin may do this.' });
  });

  it('answers 200 to an admin, and forbids keeping a copy of what it lists', async () => {
    const res = await get(url, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('checks who is asking before the query: a bad page from a non-admin is still 401 or 403', async () => {
    expect((await get(`${url}?limit=1000`)).statusCode).toBe(401);
    expect((await get(`${url}?limit=1000`, carol)).statusCode).toBe(403);
  });
});

describe('GET /api/contact-messages', () => {
  // Each test counts the messages it adds: none are left from another.
  beforeEach(async () => {
    await shop.db.deleteFrom('contact_messages').execute();
  });

  it('lists every message newest first, with the total in X-Total-Count, ties in a stable order', async () => {
    const rows = [
      await addContactMessage(shop.db, '2026-03-01T09:00:00.000Z', { name: 'Oldest' }),
      await addContactMessage(shop.db, '2026-05-01T09:00:00.000Z', { name: 'Middle' }),
      await addContactMessage(shop.db, '2026-04-01T09:00:00.000Z', { name: 'Tie one' }),
      await addContactMessage(shop.db, '2026-04-01T09:00:00.000Z', { name: 'Tie two' }),
      await addContactMessage(shop.db, '2026-06-01T09:00:00.000Z', { name: 'Newest' }),
    ];
    const res = await get('/api/contact-messages?limit=100', admin);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.json()).toEqual(
      newestFirst(rows).map((row) => ({ _id: row.id, name: row.name, email: row.email, phone: '', requirement: row.requirement, createdAt: row.created_at })),
    );
  });

  it('shows a message sent from the home page first, exactly as it was sent', async () => {
    const message = { name: 'Hugo <b>Home</b>', email: 'hugo@example.com', phone: '+1 555 010 9999', requirement: 'Two planes and a =SUM(A1) spokeshave.' };
    expect((await call(shop.app, 'POST', '/api/contact-messages', undefined, message)).statusCode).toBe(201);
    const [first] = (await get('/api/contact-messages?limit=1', admin)).json();
    expect(first).toMatchObject(message);
  });

  it('pages through the list: pages of 2 join up to the whole list, without overlaps or gaps', async () => {
    for (const day of ['01', '02', '02', '03', '04']) await addContactMessage(shop.db, `2026-07-${day}T09:00:00.000Z`);
    const whole = (await get('/api/contact-messages?limit=100', admin)).json().map((message: { _id: string }) => message._id);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 2) {
      const page = await get(`/api/contact-messages?limit=2&offset=${offset}`, admin);
      expect(page.headers['x-total-count']).toBe(String(whole.length));
      paged.push(...page.json().map((message: { _id: string }) => message._id));
    }
    expect(paged).toEqual(whole);
    expect((await get(`/api/contact-messages?offset=${whole.length}`, admin)).json()).toEqual([]);
  });

  it.each([
    'limit=0',
    'limit=101',
    'offset=-1',
    'limit=two',
    'after=yesterday',
    `offset=2&after=${encodeURIComponent('2026-01-01T08:00:00.000Z_00000000-0000-4000-8000-000000000000')}`,
  ])('refuses %s with 400', async (query) => {
    const res = await get(`/api/contact-messages?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

/** The three subscribers the list tests read, a month apart. */
const threeSubscribers = () =>
  addSubscribers(shop.db, [
    { email: 'first@example.com', createdAt: '2026-01-01T08:00:00.000Z' },
    { email: 'third@example.com', createdAt: '2026-03-01T08:00:00.000Z' },
    { email: 'second@example.com', createdAt: '2026-02-01T08:00:00.000Z' },
  ]);

describe('GET /api/newsletter-subscribers', () => {
  // Each test counts the subscribers it adds: none are left from another.
  beforeEach(async () => {
    await shop.db.deleteFrom('newsletter_subscribers').execute();
  });

  it('lists subscribers newest first, paginated, with the total in X-Total-Count', async () => {
    const rows = await threeSubscribers();
    const expected = newestFirst(rows).map((row) => ({ _id: row.id, email: row.email, createdAt: row.created_at }));

    const whole = await get('/api/newsletter-subscribers', admin);
    expect(whole.headers['x-total-count']).toBe('3');
    expect(whole.json()).toEqual(expected);
    expect(expected.map((subscriber) => subscriber.email)).toEqual(['third@example.com', 'second@example.com', 'first@example.com']);

    const second = await get('/api/newsletter-subscribers?limit=1&offset=1', admin);
    expect(second.headers['x-total-count']).toBe('3');
    expect(second.json()).toEqual([expected[1]]);
  });

  it('refuses a page larger than 100, a cursor that is no place, and a cursor with an offset, with 400', async () => {
    expect((await get('/api/newsletter-subscribers?limit=101', admin)).statusCode).toBe(400);
    expect((await get('/api/newsletter-subscribers?after=yesterday', admin)).statusCode).toBe(400);
    const place = encodeURIComponent('2026-01-01T08:00:00.000Z_00000000-0000-4000-8000-000000000000');
    expect((await get(`/api/newsletter-subscribers?offset=10&before=${place}`, admin)).statusCode).toBe(400);
  });
});

describe('GET /api/newsletter-subscribers.csv', () => {
  beforeEach(async () => {
    await shop.db.deleteFrom('newsletter_subscribers').execute();
  });
  const csvRows = (body: string) => body.split('\r\n').slice(0, -1);

  it('downloads every subscriber as a CSV attachment, newest first, with formulas made harmless', async () => {
    // Each of these passes the newsletter form's address check, and each would run in a spreadsheet.
    const risky = ['=hyperlink("https://evil.example","x")@x.com', '+cmd@x.com', '-2+3@x.com', "@sum(1,2)'@x.com"];
    await threeSubscribers();
    await addSubscribers(
      shop.db,
      risky.map((email, index) => ({ email, createdAt: `2025-12-0${index + 1}T08:00:00.000Z` })),
    );
    const stored = newestFirst(await shop.db.selectFrom('newsletter_subscribers').selectAll().execute());

    const res = await get('/api/newsletter-subscribers.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.endsWith('\r\n')).toBe(true);

    const lines = csvRows(res.body);
    expect(lines[0]).toBe('email,subscribedAt');
    expect(lines).toHaveLength(stored.length + 1);
    expect(lines.slice(1, 4)).toEqual(['third@example.com,2026-03-01T08:00:00.000Z', 'second@example.com,2026-02-01T08:00:00.000Z', 'first@example.com,2026-01-01T08:00:00.000Z']);
    expect(lines.slice(4)).toEqual([
      `"'@sum(1,2)'@x.com",2025-12-04T08:00:00.000Z`,
      `'-2+3@x.com,2025-12-03T08:00:00.000Z`,
      `'+cmd@x.com,2025-12-02T08:00:00.000Z`,
      `"'=hyperlink(""https://evil.example"",""x"")@x.com",2025-12-01T08:00:00.000Z`,
    ]);
  });

  it('exports a list longer than one batch whole, in order, each subscriber once', async () => {
    // 1,234 subscribers on three timestamps: batches of 500 end in the middle of a tie, where only
    // the id tells the next batch where to go on.
    const many = Array.from({ length: 1234 }, (_, index) => ({
      email: `reader${index}@example.com`,
      createdAt: `2025-0${1 + (index % 3)}-15T12:00:00.000Z`,
    }));
    await addSubscribers(shop.db, many);
    const stored = newestFirst(await shop.db.selectFrom('newsletter_subscribers').selectAll().execute());

    const lines = csvRows((await get('/api/newsletter-subscribers.csv', admin)).body);
    expect(lines[0]).toBe('email,subscribedAt');
    const emails = lines.slice(1).map((line) =>
      line
        .slice(0, line.lastIndexOf(','))
        .replace(/^"'|"$/g, '')
        .replace(/^'/, '')
        .replaceAll('""', '"'),
    );
    expect(emails).toEqual(stored.map((row) => row.email));
    expect(new Set(emails).size).toBe(stored.length);
  });
});

describe('the CSV export', () => {
  it('seeks each next batch on the (created_at, id) index rather than reading past the rows already sent', async () => {
    const [plan] = await queryPlansOf(shop.database, (db) =>
      createInboxRepository(db).subscribersAfter({ createdAt: '2025-02-15T12:00:00.000Z', id: 'f0000000-0000-4000-8000-000000000000' }, 500),
    );
    expect(plan).toContain('newsletter_subscribers_created_at_idx');
    // SQLite's SCAN and PostgreSQL's Seq Scan would read from the start every time.
    expect(plan).not.toMatch(/\bSCAN newsletter_subscribers\b|Seq Scan/);
  });
});

// Both inbox lists page newest first by keyset on their (created_at, id) index (ADR 021).
describe.each([
  {
    url: '/api/contact-messages',
    index: 'contact_messages_created_at_idx',
    table: 'contact_messages',
    read: (db: Database, page: KeysetPage) => createInboxRepository(db).listContactMessages(page),
    addThree: () => Promise.all(['2026-08-01', '2026-08-02', '2026-08-03'].map((day) => addContactMessage(shop.db, `${day}T09:00:00.000Z`))),
  },
  {
    url: '/api/newsletter-subscribers',
    index: 'newsletter_subscribers_created_at_idx',
    table: 'newsletter_subscribers',
    read: (db: Database, page: KeysetPage) => createInboxRepository(db).listSubscribers(page),
    addThree: threeSubscribers,
  },
])('GET $url by keyset', ({ url, index, table, read, addThree }) => {
  it('pages after and before an item, the total the same', async () => {
    await addThree();
    const newest = await get(`${url}?limit=100`, admin);
    const all = newest.json<{ _id: string; createdAt: string }[]>();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const after = await get(`${url}?limit=2&after=${encodeURIComponent(listCursor(all[0]!))}`, admin);
    expect(after.json()).toEqual(all.slice(1, 3));
    expect(after.headers['x-total-count']).toBe(newest.headers['x-total-count']);
    const before = await get(`${url}?limit=2&before=${encodeURIComponent(listCursor(all[2]!))}`, admin);
    expect(before.json()).toEqual(all.slice(0, 2));
  });

  it('reads a page after or before an item from the (created_at, id) index, nothing sorted', async () => {
    const place = { createdAt: '2026-02-15T12:00:00.000Z', id: 'f0000000-0000-4000-8000-000000000000' };
    for (const page of [{ after: place }, { before: place }]) {
      const [plan] = await queryPlansOf(shop.database, (db) => read(db, { limit: 20, offset: 0, ...page }));
      expect(plan).toContain(index);
      expect(plan).not.toMatch(new RegExp(`\\bSCAN ${table}\\b(?! USING)|Seq Scan`));
      if (shop.database.dialect === 'sqlite') expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});
