import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { Campaign, CampaignPreview } from '../../../common/schemas/newsletter-campaigns.ts';
import { adminEmail, createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import { newsletterTokenIn } from '../../test/mail-outbox.ts';
import { shopMailEnv } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { signUpStaff } from '../../test/staff.ts';
import type { TestApp } from '../../test/test-app.ts';
import { tokenHash } from '../../token-hash.ts';
import { newRecordId } from '../../record-id.ts';

/**
 * Newsletter campaigns in one process (issue 29): drafts, the preview and the test copy, sending now
 * or at a time, and the figures. The exactly-once send across a killed process is in
 * newsletter-campaign-crash.api.test.ts.
 */
let standIn: SmtpStandIn;
let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
let support: TestAccount;
let chisel: { _id: string; name: string; price: number };

// 120 a minute: one message every half second, so that a reader can leave while a campaign goes out.
const ratePerMinute = 120;

beforeAll(async () => {
  standIn = await startSmtpStandIn();
  ({ shop, admin, carol } = await createShopWithPeople({
    seed: true,
    jobs: { pollIntervalMs: 50 },
    env: { ...shopMailEnv(standIn), NEWSLETTER_RATE_PER_MINUTE: String(ratePerMinute) },
  }));
  support = await signUpStaff(shop, admin, 'support');
  const products = (await call(shop.app, 'GET', '/api/products?limit=1')).json<Array<{ _id: string; name: string; price: number }>>();
  chisel = products[0]!;
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});

const stamp = new Date('2026-01-01T00:00:00.000Z').toISOString();

/** Addresses on the list as the double opt-in leaves them: confirmed, or still waiting for their owner. */
async function addSubscribers(prefix: string, count: number, confirmed: boolean): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => `${prefix}${index}@readers.example`);
  await shop.db
    .insertInto('newsletter_subscribers')
    .values(emails.map((email) => ({ id: newRecordId(), email, created_at: stamp, confirmed_at: confirmed ? stamp : null })))
    .execute();
  return emails;
}

/** A confirmed reader who then left with the one-click link of an earlier e-mail. */
async function addUnsubscribed(email: string): Promise<void> {
  const id = newRecordId();
  await shop.db.insertInto('newsletter_subscribers').values({ id, email, created_at: stamp, confirmed_at: stamp }).execute();
  const token = `left-${id}`;
  await shop.db
    .insertInto('newsletter_tokens')
    .values({ token_hash: tokenHash(token), subscriber_id: id, created_at: stamp })
    .execute();
  const res = await call(shop.app, 'POST', `/api/newsletter/unsubscribe?token=${token}`);
  expect(res.statusCode, res.body).toBe(200);
}

async function createCampaign(
  subject: string,
  body = `## New in the workshop\n\nA **sharp** chisel, and [our tips](/pages/about).\n\n[[product:${chisel._id}]]`,
): Promise<Campaign> {
  const res = await call(shop.app, 'POST', '/api/newsletter/campaigns', admin, { subject, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Campaign>();
}

const campaignOf = async (id: string) => (await call(shop.app, 'GET', `/api/newsletter/campaigns/${id}`, admin)).json<Campaign>();
const mailTo = (subject: string) => standIn.received.filter((mail) => mail.subject === subject).flatMap((mail) => mail.to);

describe('writing a campaign', () => {
  it('keeps a draft, checks its product lines against the catalogue, and changes it while it is a draft', async () => {
    const refused = await call(shop.app, 'POST', '/api/newsletter/campaigns', admin, { subject: 'Spring', body: 'Hello\n\n[[product:no-such-product]]' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('No product in the catalogue has the address no-such-product');
    const unsafe = await call(shop.app, 'POST', '/api/newsletter/campaigns', admin, { subject: 'Spring', body: '[click](javascript:alert(1))' });
    expect(unsafe.statusCode).toBe(400);
    const blank = await call(shop.app, 'POST', '/api/newsletter/campaigns', admin, { subject: ' ', body: '' });
    expect(blank.statusCode).toBe(400);

    const draft = await createCampaign('Spring in the workshop');
    expect(draft).toMatchObject({ subject: 'Spring in the workshop', state: 'draft', scheduledAt: null, recipients: 0, sent: 0, failed: 0, unsubscribed: 0 });

    const patched = await call(shop.app, 'PATCH', `/api/newsletter/campaigns/${draft._id}`, admin, { subject: 'Spring, sharpened' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Campaign>()).toMatchObject({ subject: 'Spring, sharpened', body: draft.body });
    const put = await call(shop.app, 'PUT', `/api/newsletter/campaigns/${draft._id}`, admin, { subject: 'Spring', body: 'Just words.' });
    expect(put.json<Campaign>()).toMatchObject({ subject: 'Spring', body: 'Just words.' });
    const badEdit = await call(shop.app, 'PATCH', `/api/newsletter/campaigns/${draft._id}`, admin, { body: '[[product:gone-away]]' });
    expect(badEdit.statusCode).toBe(400);
    expect((await campaignOf(draft._id)).body).toBe('Just words.');

    const list = await call(shop.app, 'GET', '/api/newsletter/campaigns?limit=1', admin);
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(list.json<Campaign[]>()).toHaveLength(1);
    expect((await call(shop.app, 'GET', '/api/newsletter/campaigns/nothing-here', admin)).statusCode).toBe(404);
  });

  it('is for staff with the content right only', async () => {
    for (const who of [undefined, carol, support]) {
      const res = await call(shop.app, 'POST', '/api/newsletter/campaigns', who, { subject: 'Mine', body: 'Words' });
      expect(res.statusCode).toBe(who ? 403 : 401);
      expect((await call(shop.app, 'GET', '/api/newsletter/campaigns', who)).statusCode).toBe(who ? 403 : 401);
    }
  });

  it('previews the e-mail as readers get it: headings, bold, absolute links and the product card', async () => {
    const body = `## New in the workshop\n\nA **sharp** chisel, and [our tips](/pages/about).\n\n- one\n- two\n\n[[product:${chisel._id}]]`;
    const res = await call(shop.app, 'POST', '/api/newsletter/campaigns/preview', admin, { subject: 'Preview me', body });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<CampaignPreview>();
    expect(preview.subject).toBe('Preview me');
    expect(preview.html).toMatch(/<h2[^>]*>New in the workshop<\/h2>/);
    expect(preview.html).toContain('<strong>sharp</strong>');
    expect(preview.html).toMatch(/<a href="http:\/\/localhost:3000\/pages\/about"[^>]*>our tips<\/a>/);
    expect(preview.html).toContain(chisel.name);
    expect(preview.html).toContain(`http://localhost:3000/products/${chisel._id}`);
    expect(preview.text).toContain(`${chisel.name}, $`);
    expect(preview.text).toContain('Unsubscribe: ');

    // The editor's frame shows a saved draft the same way, under a policy of its own.
    const draft = await createCampaign('Framed', body);
    const page = await call(shop.app, 'GET', `/api/newsletter/campaigns/${draft._id}/preview`, admin);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(page.body).toMatch(/<h2[^>]*>New in the workshop<\/h2>/);
    expect(page.body).toContain('<base target="_blank">');
    expect((await call(shop.app, 'GET', `/api/newsletter/campaigns/${draft._id}/preview`, carol)).statusCode).toBe(403);
  });

  it('sends one test copy to the signed-in admin and nobody else', async () => {
    const draft = await createCampaign('Test me');
    const res = await call(shop.app, 'POST', `/api/newsletter/campaigns/${draft._id}/test`, admin);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ to: adminEmail });
    await vi.waitFor(() => expect(mailTo('[Test] Test me')).toEqual([adminEmail]), { timeout: 10_000, interval: 50 });
    expect((await campaignOf(draft._id)).state).toBe('draft');
  });
});

describe('sending a campaign', () => {
  let confirmed: string[];
  let waiting: string[];

  beforeAll(async () => {
    confirmed = await addSubscribers('reader', 6, true);
    waiting = await addSubscribers('waiting', 3, false);
    await addUnsubscribed('gone@readers.example');
  });

  it('goes once to each confirmed address, with the one-click unsubscribe, and to nobody else; a second send is refused', { timeout: 40_000 }, async () => {
    const campaign = await createCampaign('The spring letter');
    const audience = await call(shop.app, 'GET', '/api/newsletter/audience', admin);
    expect(audience.json()).toEqual({ confirmedSubscribers: 6 });
    standIn.refuseRecipient('reader5@readers.example');

    const sent = await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, {});
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json<Campaign>()).toMatchObject({ state: 'sending', recipients: 6 });
    // The first reader leaves with the link of the message they just got, while the others still wait their turn.
    await vi.waitFor(() => expect(mailTo('The spring letter')).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const first = standIn.received.find((mail) => mail.subject === 'The spring letter')!;
    const token = newsletterTokenIn(first.text, 'unsubscribe');
    expect(first.headers['list-unsubscribe']).toBe(`<http://localhost:3000/api/newsletter/unsubscribe?token=${token}>`);
    expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(first.html).toContain(chisel.name);
    expect((await call(shop.app, 'POST', `/api/newsletter/unsubscribe?token=${token}`)).statusCode).toBe(200);
    // A reader whose turn has not come leaves too: their message is not sent.
    const lastToken = 'reader4-leaves';
    const reader4 = await shop.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', 'reader4@readers.example').executeTakeFirstOrThrow();
    await shop.db
      .insertInto('newsletter_tokens')
      .values({ token_hash: tokenHash(lastToken), subscriber_id: reader4.id, created_at: stamp })
      .execute();
    expect((await call(shop.app, 'POST', `/api/newsletter/unsubscribe?token=${lastToken}`)).statusCode).toBe(200);

    const again = await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, {});
    expect(again.statusCode).toBe(409);
    expect((await call(shop.app, 'PATCH', `/api/newsletter/campaigns/${campaign._id}`, admin, { subject: 'Changed' })).statusCode).toBe(409);

    await vi.waitFor(async () => expect((await campaignOf(campaign._id)).state).toBe('sent'), { timeout: 20_000, interval: 100 });
    const done = await campaignOf(campaign._id);
    expect(done).toMatchObject({ recipients: 6, sent: 4, failed: 1, skipped: 1, unsubscribed: 1 });
    const to = mailTo('The spring letter');
    expect(to.toSorted()).toEqual(confirmed.filter((email) => email !== 'reader4@readers.example' && email !== 'reader5@readers.example').toSorted());
    for (const email of [...waiting, 'gone@readers.example']) expect(to).not.toContain(email);
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, {})).statusCode).toBe(409);

    const audit = await call(shop.app, 'GET', '/api/audit-log?kind=newsletter.sent', admin);
    expect(audit.json<AuditRecord[]>()[0]).toMatchObject({ kind: 'newsletter.sent', subject: 'The spring letter', actorEmail: adminEmail });
  });

  it('starts once when 50 sends of one draft arrive at the same moment', { timeout: 40_000 }, async () => {
    const campaign = await createCampaign('The raced letter');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, index % 2 === 0 ? {} : { at: new Date(Date.now() + 3_600_000).toISOString() }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const audit = (await call(shop.app, 'GET', '/api/audit-log?limit=100', admin)).json<AuditRecord[]>();
    expect(audit.filter((record) => record.subject === 'The raced letter')).toHaveLength(1);
    // Whichever won, nobody gets it twice.
    const won = await campaignOf(campaign._id);
    if (won.state === 'scheduled') return;
    await vi.waitFor(async () => expect((await campaignOf(campaign._id)).state).toBe('sent'), { timeout: 20_000, interval: 100 });
    const to = mailTo('The raced letter');
    expect(new Set(to).size).toBe(to.length);
  });

  it('schedules a campaign for later, cancels it, and sends it at its time', { timeout: 40_000 }, async () => {
    const campaign = await createCampaign('The timed letter');
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, { at: inAnHour });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    expect(scheduled.json<Campaign>()).toMatchObject({ state: 'scheduled', scheduledAt: inAnHour, recipients: 0 });
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, {})).statusCode).toBe(409);
    expect((await call(shop.app, 'PATCH', `/api/newsletter/campaigns/${campaign._id}`, admin, { subject: 'x' })).statusCode).toBe(409);

    const cancelled = await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/cancel`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Campaign>()).toMatchObject({ state: 'draft', scheduledAt: null });
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/cancel`, admin)).statusCode).toBe(409);

    // Again, two seconds from now: the job left for the hour is then no longer its time, and does nothing.
    const soon = new Date(Date.now() + 2_000).toISOString();
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, { at: soon })).statusCode).toBe(202);
    expect((await campaignOf(campaign._id)).state).toBe('scheduled');
    await vi.waitFor(async () => expect((await campaignOf(campaign._id)).state).toBe('sent'), { timeout: 25_000, interval: 200 });
    const done = await campaignOf(campaign._id);
    // reader0 and reader4 have left since the first campaign; reader5's mailbox is refused.
    expect(done).toMatchObject({ recipients: 4, sent: 3, failed: 1, skipped: 0 });
    expect(Date.parse(done.startedAt!)).toBeGreaterThanOrEqual(Date.parse(soon));
    expect(mailTo('The timed letter').toSorted()).toEqual(['reader1@readers.example', 'reader2@readers.example', 'reader3@readers.example']);

    const audit = await call(shop.app, 'GET', '/api/audit-log?kind=newsletter.scheduled', admin);
    expect(
      audit
        .json<AuditRecord[]>()
        .filter((record) => record.subject === 'The timed letter')
        .map((record) => record.detail.facts?.at),
    ).toEqual([soon, null, inAnHour]);
  });
});

describe('the Message-ID by which a mail program shows a campaign message once', () => {
  it("is made from the reader's recipient row, the same on both copies the provider was handed, and another reader's is their own", { timeout: 40_000 }, async () => {
    const campaign = await createCampaign('The repeated letter');
    // The provider keeps the first message and the shop never hears so: that message's job runs again and hands it over again.
    standIn.keepButFailNext(1);
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, {})).statusCode).toBe(202);
    await vi.waitFor(async () => expect((await campaignOf(campaign._id)).state).toBe('sent'), { timeout: 30_000, interval: 200 });

    const rows = await shop.db.selectFrom('newsletter_campaign_recipients').select(['id', 'email']).where('campaign_id', '=', campaign._id).where('state', '=', 'sent').execute();
    const copies = standIn.received.filter((mail) => mail.subject === 'The repeated letter');
    const messageIdsTo = (email: string) => copies.filter((mail) => mail.to.includes(email)).map((mail) => mail.headers['message-id']);
    // reader1, reader2 and reader3 are still on the list (reader5's mailbox is refused); one of them got two copies.
    expect(rows.map((row) => row.email).toSorted()).toEqual(['reader1@readers.example', 'reader2@readers.example', 'reader3@readers.example']);
    expect(copies).toHaveLength(4);
    for (const row of rows) {
      const ids = messageIdsTo(row.email);
      expect(ids.length).toBeGreaterThanOrEqual(1);
      for (const id of ids) expect(id).toBe(`<${row.id}@localhost>`);
    }
    expect(rows.filter((row) => messageIdsTo(row.email).length === 2)).toHaveLength(1);
    // Three readers, three Message-IDs: a mail program collapses nobody's message into another's.
    expect(new Set(copies.map((mail) => mail.headers['message-id'])).size).toBe(3);
  });
});
