import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FailedJob } from '../../../common/schemas/jobs.ts';
import { createShopWithPeople, signIn, type TestAccount } from '../../test/accounts.ts';
import { createAppOn } from '../../test/app-at.ts';
import { recordingTask } from '../../test/recording-task.ts';
import type { TestApp } from '../../test/test-app.ts';
import { call, type Caller } from '../../test/call.ts';

/**
 * The admin's list of jobs that failed for good, and Retry. Jobs run here only when the test says;
 * each of these tasks has one attempt, so one failed run is final.
 */
const labelPayload = z.object({ orderId: z.string(), address: z.string() });
let printerWorks = false;
const labels = recordingTask('print-shipping-label', labelPayload, {
  maxAttempts: 1,
  describe: (payload) => `Shipping label for order ${payload.orderId}`,
  outcome: (run) => {
    if (!printerWorks) throw new Error(`Label printer offline (order ${run.payload.orderId})`);
  },
});
const waiting = recordingTask('send-reminder', z.object({ orderId: z.string() }));

let shop: TestApp;
let admin: TestAccount;
let carol: TestAccount;
/** A job enqueued for a later date, which has not failed. */
let waitingJobId: string;
beforeAll(async () => {
  ({ shop, admin, carol } = await createShopWithPeople({ jobs: { extraTasks: [labels.task, waiting.task], startRunner: false } }));
  for (const orderId of ['order-1', 'order-2', 'order-3']) {
    await shop.app.jobs.enqueue(shop.db, 'print-shipping-label', { orderId, address: `${orderId}, 12 Bench Lane, Oak Town` });
    await shop.app.jobs.runDueJobs();
  }
});
afterAll(() => shop.close());

const get = (url: string, who?: Caller) => call(shop.app, 'GET', url, who);
const retry = (id: string, who?: Caller) => call(shop.app, 'POST', `/api/jobs/${id}/retry`, who, {});
const idOf = (orderId: string) => labels.runs.find((run) => run.payload.orderId === orderId)!.jobId;

describe('who may see and retry failed jobs', () => {
  it('answers 401 to an anonymous caller and 403 to a customer, on both routes', async () => {
    const id = idOf('order-1');
    expect((await get('/api/jobs/failed')).statusCode).toBe(401);
    expect((await retry(id)).statusCode).toBe(401);
    const listed = await get('/api/jobs/failed', carol);
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toEqual({ code: 'FORBIDDEN', message: 'Only an admin may do this.' });
    expect((await retry(id, carol)).statusCode).toBe(403);
    // Refused, so the job is still failed and has not run again.
    expect(labels.runs.filter((run) => run.jobId === id)).toHaveLength(1);
  });

  it('answers an admin privately: the list is never kept by a browser or proxy', async () => {
    const res = await get('/api/jobs/failed', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/jobs/failed', () => {
  it('lists each failed job with its task, description, attempts, error and time, most recent failure first', async () => {
    const res = await get('/api/jobs/failed', admin);
    expect(res.headers['x-total-count']).toBe('3');
    const items = res.json<FailedJob[]>();
    expect(items.map(({ failedAt: _failedAt, ...item }) => item)).toEqual(
      ['order-3', 'order-2', 'order-1'].map((orderId) => ({
        _id: idOf(orderId),
        task: 'print-shipping-label',
        description: `Shipping label for order ${orderId}`,
        attempts: 1,
        lastError: `Label printer offline (order ${orderId})`,
      })),
    );
    const times = items.map((item) => item.failedAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The task's description stands in for the payload, which is never sent.
    expect(res.body).not.toContain('Bench Lane');
  });

  it('pages through the list with limit and offset, the total in X-Total-Count', async () => {
    const whole = (await get('/api/jobs/failed', admin)).json<FailedJob[]>().map((job) => job._id);
    const first = await get('/api/jobs/failed?limit=2', admin);
    const rest = await get('/api/jobs/failed?limit=2&offset=2', admin);
    expect(first.headers['x-total-count']).toBe('3');
    expect(rest.headers['x-total-count']).toBe('3');
    expect([...first.json<FailedJob[]>(), ...rest.json<FailedJob[]>()].map((job) => job._id)).toEqual(whole);
    expect((await get('/api/jobs/failed?offset=3', admin)).json()).toEqual([]);
  });

  it.each(['limit=0', 'limit=101', 'offset=-1'])('refuses %s with 400', async (query) => {
    const res = await get(`/api/jobs/failed?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('does not list a job that is waiting to run', async () => {
    waitingJobId = await shop.app.jobs.enqueue(shop.db, 'send-reminder', { orderId: 'order-9' }, { runAt: new Date(Date.UTC(2099, 0, 1)) });
    expect((await get('/api/jobs/failed', admin)).headers['x-total-count']).toBe('3');
  });

  it('shows a job of a task this server no longer has, without its payload', async () => {
    // The same database, served by a release that has dropped the task.
    const later = await createAppOn(shop.database, { jobs: { startRunner: false } });
    try {
      const laterAdmin = await signIn(later.app, admin.email, admin.password);
      const res = await call(later.app, 'GET', '/api/jobs/failed?limit=1', laterAdmin);
      expect(res.json()).toEqual([expect.objectContaining({ task: 'print-shipping-label', description: 'A task this server does not know; its payload is not shown.' })]);
    } finally {
      await later.close();
    }
  });
});

describe('POST /api/jobs/:id/retry', () => {
  it('answers 404 for an id that names no failed job: unknown, malformed, or waiting to run', async () => {
    for (const id of ['999999', 'not-a-job', '0', waitingJobId]) {
      const res = await retry(id, admin);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ code: 'NOT_FOUND', message: 'No failed job has this id.' });
    }
  });

  it('runs the job again: it succeeds now and leaves the list', async () => {
    const id = idOf('order-2');
    printerWorks = true;
    const res = await retry(id, admin);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ _id: id });
    await shop.app.jobs.runDueJobs();
    expect(labels.runs.filter((run) => run.jobId === id).map((run) => run.attempt)).toEqual([1, 1]);

    const after = await get('/api/jobs/failed', admin);
    expect(after.headers['x-total-count']).toBe('2');
    expect(after.json<FailedJob[]>().map((job) => job._id)).toEqual([idOf('order-3'), idOf('order-1')]);
  });
});
