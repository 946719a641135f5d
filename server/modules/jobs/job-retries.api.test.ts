import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FailedJob } from '../../../common/schemas/jobs.ts';
import { createShopWithPeople, type TestAccount } from '../../test/accounts.ts';
import { numberedPayload, recordingTask } from '../../test/recording-task.ts';
import type { TestApp } from '../../test/test-app.ts';
import { call } from '../../test/call.ts';

/**
 * Retries with the runner at work, in real time: graphile-worker's back-off (e^attempts seconds)
 * cannot be hurried on PostgreSQL, so these tests wait for it, about ten seconds.
 */
const flaky = recordingTask('deliver-newsletter', numberedPayload, {
  outcome: (_run, runsSoFar) => {
    if (runsSoFar <= 2) throw new Error(`Mail server busy (run ${runsSoFar})`);
  },
});

let mailboxExists = false;
const receiptPayload = z.object({ orderId: z.string(), email: z.string(), cardToken: z.string() });
const doomed = recordingTask('send-receipt', receiptPayload, {
  maxAttempts: 3,
  describe: (payload) => `Receipt for order ${payload.orderId}`,
  outcome: () => {
    if (!mailboxExists) throw new Error('Mailbox unavailable: 550 no such user');
  },
});
const receipt = { orderId: 'order-2041', email: 'carol@example.com', cardToken: 'tok_secret_4242' };

let shop: TestApp;
let admin: TestAccount;
let startedAt: number;
beforeAll(async () => {
  ({ shop, admin } = await createShopWithPeople({ jobs: { extraTasks: [flaky.task, doomed.task], pollIntervalMs: 100 } }));
  startedAt = Date.now();
  // Both at once: the failing one runs out of attempts while the flaky one gets through.
  await shop.app.jobs.enqueue(shop.db, 'deliver-newsletter', { n: 1 });
  await shop.app.jobs.enqueue(shop.db, 'send-receipt', receipt);
});
afterAll(() => shop.close());

const failedJobs = async () => {
  const res = await call(shop.app, 'GET', '/api/jobs/failed', admin);
  expect(res.statusCode).toBe(200);
  return { items: res.json<FailedJob[]>(), total: res.headers['x-total-count'], body: res.body };
};

describe('a job whose handler fails', () => {
  it('runs again after a delay that grows with each failure, until it succeeds', { timeout: 40_000 }, async () => {
    await vi.waitFor(() => expect(flaky.runs).toHaveLength(3), { timeout: 30_000, interval: 50 });
    const [first, second, third] = flaky.runs;
    expect(flaky.runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(new Set(flaky.runs.map((run) => run.jobId)).size).toBe(1);
    const firstWait = second!.at - first!.at;
    const secondWait = third!.at - second!.at;
    // e^1 and e^2 seconds, give or take the polling.
    expect(firstWait).toBeGreaterThanOrEqual(2_600);
    expect(secondWait).toBeGreaterThanOrEqual(7_300);
    expect(secondWait).toBeGreaterThan(2 * firstWait);
  });

  it('is listed for the admin once it has used all its attempts, with its last error and no secrets', { timeout: 40_000 }, async () => {
    await vi.waitFor(() => expect(doomed.runs).toHaveLength(3), { timeout: 30_000, interval: 50 });
    await shop.app.jobs.waitUntilIdle();
    const { items, total, body } = await failedJobs();
    expect(total).toBe('1');
    expect(items).toEqual([
      {
        _id: doomed.runs[0]!.jobId,
        task: 'send-receipt',
        description: 'Receipt for order order-2041',
        attempts: 3,
        lastError: 'Mailbox unavailable: 550 no such user',
        failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    const failedAt = Date.parse(items[0]!.failedAt);
    expect(failedAt).toBeGreaterThan(startedAt + 10_000);
    expect(failedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(body).not.toContain(receipt.cardToken);
    expect(body).not.toContain(receipt.email);
    // The newsletter job got through in the end, so it is not listed.
    expect(items.map((item) => item.task)).not.toContain('deliver-newsletter');
  });

  it('runs again when the admin retries it, with its attempts counted afresh, and leaves the list', async () => {
    const [job] = (await failedJobs()).items;
    mailboxExists = true;
    const retried = await call(shop.app, 'POST', `/api/jobs/${job!._id}/retry`, admin, {});
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toEqual({ _id: job!._id });

    await vi.waitFor(() => expect(doomed.runs).toHaveLength(4), { timeout: 10_000, interval: 50 });
    expect(doomed.runs[3]).toMatchObject({ jobId: job!._id, attempt: 1, payload: receipt });
    await shop.app.jobs.waitUntilIdle();
    expect(await failedJobs()).toMatchObject({ items: [], total: '0' });

    // Done jobs are gone: there is nothing left to retry.
    expect((await call(shop.app, 'POST', `/api/jobs/${job!._id}/retry`, admin, {})).statusCode).toBe(404);
  });
});
