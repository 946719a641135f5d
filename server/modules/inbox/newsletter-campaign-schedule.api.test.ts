import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../../common/schemas/newsletter-campaigns.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { call } from '../../test/call.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * A scheduled campaign starts by the job queued for its time, whichever clock runs that job: on
 * PostgreSQL graphile-worker runs it by the database's time, which in the first test is ten seconds
 * ahead of the shop's, so the job comes while the shop's clock still reads before the scheduled time.
 */
let appBehindMs = 10_000;
let shop: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  ({ shop, admin } = await createShopWithPeople({ clock: () => new Date(Date.now() - appBehindMs), jobs: { pollIntervalMs: 50 } }));
}, 60_000);
afterAll(() => shop?.close());

async function createCampaign(subject: string): Promise<Campaign> {
  const res = await call(shop.app, 'POST', '/api/newsletter/campaigns', admin, { subject, body: 'A letter from the workshop.' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Campaign>();
}

const campaignOf = async (id: string) => (await call(shop.app, 'GET', `/api/newsletter/campaigns/${id}`, admin)).json<Campaign>();
const inAppTime = (fromNowMs: number) => new Date(Date.now() - appBehindMs + fromNowMs).toISOString();

describe(`a scheduled campaign's start (${testDialect})`, () => {
  it('starts when its job runs, even when the job queue’s clock is ahead of the shop’s', { timeout: 30_000 }, async () => {
    const campaign = await createCampaign('The early-clock letter');
    const at = inAppTime(1_000);
    const scheduled = await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, { at });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    await vi.waitFor(async () => expect((await campaignOf(campaign._id)).state).toBe('sent'), { timeout: 20_000, interval: 100 });
    expect((await campaignOf(campaign._id)).startedAt).not.toBeNull();
  });

  it('leaves alone a campaign cancelled and scheduled again for another time when the first time’s job runs', { timeout: 30_000 }, async () => {
    appBehindMs = 0;
    const campaign = await createCampaign('The moved letter');
    const first = inAppTime(1_000);
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, { at: first })).statusCode).toBe(202);
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/cancel`, admin)).statusCode).toBe(200);
    const later = inAppTime(3_600_000);
    expect((await call(shop.app, 'POST', `/api/newsletter/campaigns/${campaign._id}/send`, admin, { at: later })).statusCode).toBe(202);

    // The first time's job has come and gone.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await shop.app.jobs.waitUntilIdle();
    expect(await campaignOf(campaign._id)).toMatchObject({ state: 'scheduled', scheduledAt: later, startedAt: null, recipients: 0 });
  });
});
