import { createHash } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../../db/migrate.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { newsletterTokenIn } from '../../test/mail-outbox.ts';
import { shopMailEnv, shopPublicUrl } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createInboxRepository } from './inbox-repository.ts';
import { call, newClientAddress } from '../../test/call.ts';

/**
 * The newsletter's double opt-in, through a real SMTP server: asking sends a confirmation e-mail with
 * a one-click unsubscribe (RFC 8058); only a confirmed address is on the admin's list, in its total
 * and in the CSV; one click takes it off again.
 */
let standIn: SmtpStandIn;
let people: ShopWithPeople;

beforeAll(async () => {
  standIn = await startSmtpStandIn();
  people = await createShopWithPeople({ env: shopMailEnv(standIn), jobs: { pollIntervalMs: 50 } });
});
afterAll(async () => {
  await people?.shop.close();
  await standIn?.close();
});

const app = () => people.shop.app;
const confirmationSubject = 'Confirm your subscription to the Joinery newsletter';

const subscribe = (email: string) => call(app(), 'POST', '/api/newsletter', undefined, { email });
const confirm = (token: string) => call(app(), 'POST', '/api/newsletter/confirm', undefined, { token });

/** What a mail program's Unsubscribe button sends (RFC 8058): a form field, to the List-Unsubscribe address. */
function oneClickUnsubscribe(listUnsubscribe: string, contentType = 'application/x-www-form-urlencoded') {
  const url = new URL(listUnsubscribe.replace(/^<|>$/g, ''));
  const multipart = contentType.startsWith('multipart/');
  const boundary = 'mail-program-boundary';
  return app().inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': multipart ? `${contentType}; boundary=${boundary}` : contentType },
    payload: multipart ? `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n` : 'List-Unsubscribe=One-Click',
    remoteAddress: newClientAddress(),
  });
}

/** Every e-mail sent to this address, once everything queued has gone out. */
async function mailsTo(email: string) {
  await app().jobs.waitUntilIdle();
  return standIn.received.filter((mail) => mail.to.includes(email));
}

/** The confirmation e-mails sent to this address, once everything queued has gone out. */
async function confirmationsTo(email: string) {
  return (await mailsTo(email)).filter((mail) => mail.subject === confirmationSubject);
}

/** The one confirmation e-mail to this address, its link's token and its List-Unsubscribe address. */
async function theConfirmationTo(email: string) {
  const mails = await confirmationsTo(email);
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  return { mail, token: newsletterTokenIn(mail.text, 'confirm'), listUnsubscribe: mail.headers['list-unsubscribe']! };
}

async function listedEmails() {
  const res = await call(app(), 'GET', '/api/newsletter-subscribers?limit=100', people.admin);
  expect(res.statusCode).toBe(200);
  return { emails: res.json<Array<{ email: string }>>().map((subscriber) => subscriber.email), total: Number(res.headers['x-total-count']) };
}

async function exportedEmails() {
  const res = await call(app(), 'GET', '/api/newsletter-subscribers.csv', people.admin);
  expect(res.statusCode).toBe(200);
  return res.body
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.slice(0, line.lastIndexOf(',')));
}

describe('one answer and one e-mail rule', () => {
  it('answers a new, a waiting and a confirmed address alike: only the e-mail differs', async () => {
    expect((await subscribe('quinn.reader@example.com')).statusCode).toBe(202);
    await confirm((await theConfirmationTo('quinn.reader@example.com')).token);
    expect((await subscribe('rhea.reader@example.com')).statusCode).toBe(202);

    const answers = await Promise.all(['sam.reader@example.com', 'rhea.reader@example.com', 'quinn.reader@example.com'].map(subscribe));
    expect(answers.map((answer) => [answer.statusCode, Object.keys(answer.json<object>())])).toEqual([
      [202, ['email']],
      [202, ['email']],
      [202, ['email']],
    ]);
  });

  it.each([
    ['a!b@example.com', 202],
    ["o'hara+tools@example.com", 202],
    ['a..b@example.com', 400],
    ['.ab@example.com', 400],
    ['é@example.com', 400],
    ['"a b"@example.com', 400],
  ])('%s: taken and mailed, or refused as not an address; never a server error', async (email, status) => {
    const answer = await subscribe(email);
    expect(answer.statusCode).toBe(status);
    if (status === 400) {
      expect(answer.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid request. email: Provide a valid Email' });
      return;
    }
    expect(await confirmationsTo(email)).toHaveLength(1);
  });
});

describe('subscribing to the newsletter', () => {
  it('sends a confirmation e-mail with its links and one-click unsubscribe headers, and lists nobody yet', async () => {
    const before = await listedEmails();
    const res = await subscribe('  Nell.Reader@Example.com ');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'nell.reader@example.com' });

    const { mail, token, listUnsubscribe } = await theConfirmationTo('nell.reader@example.com');
    expect(mail.to).toEqual(['nell.reader@example.com']);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(mail.text).toContain(`Yes, subscribe me: ${shopPublicUrl}/newsletter/confirm?token=${token}`);
    expect(mail.text).toContain(`Unsubscribe: ${shopPublicUrl}/newsletter/unsubscribe?token=${token}`);
    expect(mail.html).toContain(`href="${shopPublicUrl}/newsletter/unsubscribe?token=${token}"`);
    expect(listUnsubscribe).toBe(`<${shopPublicUrl}/api/newsletter/unsubscribe?token=${token}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Not on the list until Nell confirms, neither in the total nor in the export.
    expect(await listedEmails()).toEqual(before);
    expect(await exportedEmails()).not.toContain('nell.reader@example.com');
    // The database keeps only the token's hash: a copy of it holds no link that works.
    const stored = await people.shop.db.selectFrom('newsletter_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('puts the address on the list, in its total and in the CSV once confirmed; confirming again changes nothing', async () => {
    const before = await listedEmails();
    expect((await subscribe('olive.reader@example.com')).statusCode).toBe(202);
    const { token } = await theConfirmationTo('olive.reader@example.com');

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'olive.reader@example.com' });
    const listed = await listedEmails();
    expect(listed.emails[0]).toBe('olive.reader@example.com');
    expect(listed.total).toBe(before.total + 1);
    expect(await exportedEmails()).toContain('olive.reader@example.com');

    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: 'olive.reader@example.com' });
    expect((await listedEmails()).total).toBe(before.total + 1);

    // Subscribing a confirmed address again is answered as any subscription is; only its owner is
    // told, by e-mail, that it is on the list already, with a link to leave it.
    const resubscribed = await subscribe('Olive.Reader@example.com');
    expect(resubscribed.statusCode).toBe(202);
    expect(resubscribed.json()).toEqual({ email: 'olive.reader@example.com' });
    expect(await confirmationsTo('olive.reader@example.com')).toHaveLength(1);
    const [already] = (await mailsTo('olive.reader@example.com')).filter((mail) => mail.subject === 'You are on the Joinery newsletter already');
    expect(already?.text).toContain(`Unsubscribe: ${shopPublicUrl}/newsletter/unsubscribe?token=`);
    expect(already?.text).not.toContain('/newsletter/confirm?');
  });

  it('sends another confirmation when asked again before confirming, and the link in either e-mail confirms', async () => {
    expect((await subscribe('pia.reader@example.com')).statusCode).toBe(202);
    const again = await subscribe('pia.reader@example.com');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ email: 'pia.reader@example.com' });

    const mails = await confirmationsTo('pia.reader@example.com');
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((mail) => newsletterTokenIn(mail.text, 'confirm'));
    expect(first).not.toBe(second);
    expect((await confirm(first!)).statusCode).toBe(200);
    expect((await confirm(second!)).statusCode).toBe(200);
    expect((await listedEmails()).emails.filter((email) => email === 'pia.reader@example.com')).toHaveLength(1);
  });

  it('never lists nor exports an address whose owner did not confirm it', async () => {
    const before = await listedEmails();
    const unconfirmed = ['quiet.one@example.com', 'quiet.two@example.com', 'quiet.three@example.com'];
    for (const email of unconfirmed) expect((await subscribe(email)).statusCode).toBe(202);
    await app().jobs.waitUntilIdle();

    expect(await listedEmails()).toEqual(before);
    const exported = await exportedEmails();
    for (const email of unconfirmed) expect(exported).not.toContain(email);
  });
});

describe('unsubscribing', () => {
  it.each([
    ['form-encoded', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data'],
  ])('takes a confirmed address off the list and out of the CSV with one %s POST to the List-Unsubscribe address', async (kind, contentType) => {
    const email = `rose.${kind}@example.com`;
    await subscribe(email);
    const { token, listUnsubscribe } = await theConfirmationTo(email);
    await confirm(token);
    const before = await listedEmails();
    expect(before.emails).toContain(email);

    const res = await oneClickUnsubscribe(listUnsubscribe, contentType);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    const after = await listedEmails();
    expect(after.emails).not.toContain(email);
    expect(after.total).toBe(before.total - 1);
    expect(await exportedEmails()).not.toContain(email);

    // The link is spent: a second click, or the confirmation link, says so.
    const again = await oneClickUnsubscribe(listUnsubscribe, contentType);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'NOT_FOUND', message: 'This unsubscribe link is not valid: it may be cut short, or the address is already off the list.' });
    expect((await confirm(token)).statusCode).toBe(404);
  });

  it('lets someone who never asked for the newsletter refuse it from the confirmation e-mail', async () => {
    await subscribe('sam.stranger@example.com');
    const { mail } = await theConfirmationTo('sam.stranger@example.com');
    // The unsubscribe page posts the token from its link.
    const token = newsletterTokenIn(mail.text, 'unsubscribe');
    const res = await call(app(), 'POST', `/api/newsletter/unsubscribe?token=${token}`, undefined, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'sam.stranger@example.com' });

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(404);
    expect((await listedEmails()).emails).not.toContain('sam.stranger@example.com');
  });

  it('sends a browser that opens the List-Unsubscribe address to the unsubscribe page, unsubscribing nobody', async () => {
    await subscribe('tess.reader@example.com');
    const { token, listUnsubscribe } = await theConfirmationTo('tess.reader@example.com');
    await confirm(token);

    const url = new URL(listUnsubscribe.replace(/^<|>$/g, ''));
    const res = await app().inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/newsletter/unsubscribe?token=${token}`);
    expect((await listedEmails()).emails).toContain('tess.reader@example.com');
  });
});

describe('a link with a bad token', () => {
  it('answers an unknown token 404 with a message a person can act on, and a missing one 400', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'This confirmation link is not valid: it may be cut short, or the address has left the list since. You can subscribe again on the home page.',
    });
    expect((await call(app(), 'POST', `/api/newsletter/unsubscribe?token=${'y'.repeat(43)}`, undefined, {})).statusCode).toBe(404);

    expect((await confirm('')).json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('token') });
    expect((await call(app(), 'POST', '/api/newsletter/unsubscribe', undefined, {})).statusCode).toBe(400);
  });
});

describe('the addresses on the list before double opt-in', () => {
  it('stay on it, confirmed', async () => {
    const database = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      expect((await migrator.migrateTo('006-jobs')).error).toBeUndefined();
      // Written as the shop did before the confirmed_at column existed.
      await sql`insert into newsletter_subscribers (id, email, created_at)
        values ('f1d2c3b4-0000-4000-8000-000000000001', 'early.bird@example.com', '2025-06-01T08:00:00.000Z')`.execute(database.db);
      await migrateToLatest(database.db);

      const { rows, total } = await createInboxRepository(database.db).listSubscribers({ limit: 10, offset: 0 });
      expect(total).toBe(1);
      expect(rows).toMatchObject([{ email: 'early.bird@example.com', confirmed_at: '2025-06-01T08:00:00.000Z' }]);
    } finally {
      await database.dispose();
    }
  });
});
