import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isPostgres } from '../../db/dialect.ts';
import { createShopWithPeople, type ShopWithPeople } from '../../test/accounts.ts';
import { addProduct, authorise, createIntent, placeOrder, type TestProduct } from '../../test/ordering.ts';
import { paidOrder } from '../../test/paid-order.ts';
import { recordingTask } from '../../test/recording-task.ts';
import { labelValues, metricValue } from '../../test/scrape.ts';
import { shopMailEnv } from '../../test/shop-mail.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * GET /metrics (ADR 052): Prometheus's figures behind METRICS_TOKEN, moving as the shop works.
 * Jobs run here only when the test says, so that the queue can be seen before they do.
 */
const token = 'scraper-token-for-the-tests';
const brokenPrinter = recordingTask('print-label', z.object({ orderId: z.string() }), {
  maxAttempts: 1,
  outcome: () => {
    throw new Error('Label printer offline');
  },
});

let people: ShopWithPeople;
let standIn: SmtpStandIn;
let plane: TestProduct;

beforeAll(async () => {
  standIn = await startSmtpStandIn();
  people = await createShopWithPeople({ env: { ...shopMailEnv(standIn), METRICS_TOKEN: token }, jobs: { startRunner: false, extraTasks: [brokenPrinter.task] } });
  plane = await addProduct(people.shop.db, { name: 'Block plane', priceCents: 6000, minQuantity: 1, availQuantity: 1000 });
});
afterAll(async () => {
  await people?.shop.close();
  await standIn?.close();
});

const app = () => people.shop.app;
const scrapeWith = (authorization?: string) => app().inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
async function scrape(): Promise<string> {
  const res = await scrapeWith(`Bearer ${token}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('answers 401 without the token, with another, or with a session, and is never kept', async () => {
    for (const authorization of [undefined, 'Bearer not-the-scraper-token', `Basic ${token}`, token, `Bearer ${token}x`]) {
      const res = await scrapeWith(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const signedIn = await app().inject({ method: 'GET', url: '/metrics', headers: { cookie: people.admin.cookie } });
    expect(signedIn.statusCode).toBe(401);
  });

  it('answers the holder of the token in Prometheus’s text format, never kept, and is declared for the token alone and left out of the API’s description', async () => {
    const res = await scrapeWith(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(metricValue(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(res.body).toContain('# TYPE joinery_http_request_duration_seconds histogram');
    expect(
      app()
        .declaredRoutes()
        .find((route) => route.url === '/metrics'),
    ).toMatchObject({ method: 'GET', access: 'token', cache: 'private' });
    const docs = await app().inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });

  it('counts requests by their route’s pattern, method and status, with their latency in buckets from 1 ms to 5 s', async () => {
    const route = { route: '/api/products/:id', method: 'GET' };
    const before = await scrape();
    for (let index = 0; index < 3; index += 1) expect((await app().inject({ method: 'GET', url: `/api/products/${plane.id}` })).statusCode).toBe(200);
    expect((await app().inject({ method: 'GET', url: '/api/products/no-such-product' })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: '/no/such/address' })).statusCode).toBe(404);
    const after = await scrape();
    const count = (text: string, labels: Record<string, string>) => metricValue(text, 'joinery_http_request_duration_seconds_count', labels);
    expect(count(after, { ...route, status_code: '200' }) - count(before, { ...route, status_code: '200' })).toBe(3);
    expect(count(after, { ...route, status_code: '404' }) - count(before, { ...route, status_code: '404' })).toBe(1);
    expect(count(after, { route: 'unmatched', status_code: '404' }) - count(before, { route: 'unmatched', status_code: '404' })).toBe(1);
    // Never the address itself, whose ids would make a series each.
    const routes = labelValues(after, 'joinery_http_request_duration_seconds_count', 'route');
    expect(routes).toContain('/api/products/:id');
    expect(routes.filter((name) => name.includes(plane.id) || name.includes('no-such'))).toEqual([]);
    const buckets = labelValues(after, 'joinery_http_request_duration_seconds_bucket', 'le');
    expect(buckets).toEqual(['0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf']);
  });

  it('counts a paid order and its payment, and a declined card, as the server learns of them', async () => {
    const before = await scrape();
    const placing = performance.now();
    await paidOrder(app(), people.carol, plane.id, 1);
    const placingToPaid = (performance.now() - placing) / 1000;
    const declinedOrder = await placeOrder(app(), people.carol, plane.id, 1);
    const { clientSecret } = await createIntent(app(), people.carol, declinedOrder._id);
    expect((await authorise(app(), people.carol, declinedOrder._id, clientSecret, { cardNumber: '4000 0000 0000 0002' })).statusCode).toBe(402);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(moved('joinery_orders_paid_total')).toBe(1);
    expect(moved('joinery_payments_total', { outcome: 'paid' })).toBe(1);
    expect(moved('joinery_payments_total', { outcome: 'declined' })).toBe(1);
    expect(moved('joinery_payments_total')).toBe(2);
    // The paid order's time from placing to paid, as the customer waited for it, in buckets up to a day.
    expect(moved('joinery_order_placed_to_paid_seconds_count')).toBe(1);
    expect(moved('joinery_order_placed_to_paid_seconds_sum')).toBeGreaterThan(0);
    expect(moved('joinery_order_placed_to_paid_seconds_sum')).toBeLessThanOrEqual(placingToPaid + 0.002);
    expect(labelValues(after, 'joinery_order_placed_to_paid_seconds_bucket', 'le')).toEqual([
      '0.05',
      '0.1',
      '0.15',
      '0.25',
      '0.5',
      '0.75',
      '1',
      '1.5',
      '2.5',
      '5',
      '10',
      '30',
      '60',
      '300',
      '900',
      '3600',
      '86400',
      '+Inf',
    ]);
  });

  it('reports the queue by state and the age of its oldest due job, read from the database at each scrape', async () => {
    await app().jobs.runDueJobs();
    const idle = await scrape();
    expect(metricValue(idle, 'joinery_jobs', { state: 'due' })).toBe(0);
    // An earlier test's card payment leaves its capture's follow-up waiting (ADR 056).
    const waitingBefore = metricValue(idle, 'joinery_jobs', { state: 'waiting' });
    expect(metricValue(idle, 'joinery_jobs_oldest_due_age_seconds')).toBe(0);

    await app().jobs.enqueue(people.shop.db, 'print-label', { orderId: 'order-1' });
    await app().jobs.enqueue(people.shop.db, 'print-label', { orderId: 'order-2' }, { runAt: new Date(Date.now() + 3_600_000) });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const queued = await scrape();
    expect(metricValue(queued, 'joinery_jobs', { state: 'due' })).toBe(1);
    expect(metricValue(queued, 'joinery_jobs', { state: 'waiting' }) - waitingBefore).toBe(1);
    expect(metricValue(queued, 'joinery_jobs', { state: 'running' })).toBe(0);
    expect(metricValue(queued, 'joinery_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(1);

    await app().jobs.runDueJobs();
    // graphile-worker may record the failure a moment after its run resolves.
    await vi.waitFor(
      async () => {
        const failed = await scrape();
        expect(metricValue(failed, 'joinery_jobs', { state: 'due' })).toBe(0);
        expect(metricValue(failed, 'joinery_jobs', { state: 'failed' }) - metricValue(queued, 'joinery_jobs', { state: 'failed' })).toBe(1);
        expect(metricValue(failed, 'joinery_job_runs_total', { task: 'print-label', outcome: 'failed' })).toBe(1);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('counts each message the mail server takes, and each it refuses', async () => {
    await app().jobs.runDueJobs();
    const before = await scrape();
    standIn.refuseNext(1);
    const contact = { name: 'Walter', email: 'walter@example.com', phone: '', requirement: 'Do you make a left-handed marking knife?' };
    expect((await app().inject({ method: 'POST', url: '/api/contact-messages', payload: contact })).statusCode).toBe(201);
    await app().jobs.runDueJobs();
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(moved('joinery_mail_messages_total', { outcome: 'failed' })).toBe(1);
    expect(moved('joinery_mail_messages_total', { outcome: 'sent' })).toBe(0);
    expect(moved('joinery_job_runs_total', { task: 'send-email', outcome: 'failed' })).toBe(1);
    // The refused message waits for its retry.
    expect(metricValue(after, 'joinery_jobs', { state: 'waiting' })).toBeGreaterThanOrEqual(1);
  });

  it('reports PostgreSQL’s connection pool, and no pool on SQLite, which has none', async () => {
    const text = await scrape();
    if (isPostgres(people.shop.db)) {
      expect(metricValue(text, 'joinery_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(text).toContain('joinery_db_pool_idle_connections');
      expect(text).toContain('joinery_db_pool_waiting_clients 0');
    } else {
      expect(text).not.toContain('joinery_db_pool');
    }
  });
});
