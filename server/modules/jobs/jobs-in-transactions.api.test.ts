import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newRecordId } from '../../record-id.ts';
import { recordingTask } from '../../test/recording-task.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A job is enqueued in the transaction of the change that causes it: it exists exactly when that
 * change commits. Jobs run here only when the test says (`runDueJobs`).
 */
const replies = recordingTask('reply-to-message', z.object({ messageId: z.string() }), {
  describe: (payload) => `Reply to message ${payload.messageId}`,
});

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ seed: false, jobs: { extraTasks: [replies.task], startRunner: false } });
});
afterAll(() => shop.close());

/** A contact message and the job that answers it, in one transaction that may fail after both are written. */
async function receiveMessage(id: string, failAfterwards: boolean): Promise<void> {
  await shop.db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('contact_messages')
      .values({ id, name: 'Tess', email: 'tess@example.com', phone: '', requirement: 'A mallet', created_at: '2026-05-04T10:00:00.000Z' })
      .execute();
    await shop.app.jobs.enqueue(transaction, 'reply-to-message', { messageId: id });
    if (failAfterwards) throw new Error('the change failed after the job was enqueued');
  });
}

const runsFor = (messageId: string) => replies.runs.filter((run) => run.payload.messageId === messageId);

describe('enqueueing in the caller’s transaction', () => {
  it('never runs a job whose transaction rolled back, nor keeps it', async () => {
    const id = newRecordId();
    await expect(receiveMessage(id, true)).rejects.toThrow('the change failed');
    await shop.app.jobs.runDueJobs();
    expect(runsFor(id)).toEqual([]);
    expect(await shop.db.selectFrom('contact_messages').where('id', '=', id).selectAll().execute()).toEqual([]);
  });

  it('runs a job whose transaction committed, once, with its payload', async () => {
    const id = newRecordId();
    await receiveMessage(id, false);
    await shop.app.jobs.runDueJobs();
    await shop.app.jobs.runDueJobs();
    expect(runsFor(id)).toEqual([expect.objectContaining({ payload: { messageId: id }, attempt: 1 })]);
    await shop.app.jobs.waitUntilIdle({ timeoutMs: 0 });
  });

  it('leaves a job enqueued for later until its time', async () => {
    const id = newRecordId();
    const nextYear = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1));
    await shop.app.jobs.enqueue(shop.db, 'reply-to-message', { messageId: id }, { runAt: nextYear });
    await shop.app.jobs.runDueJobs();
    expect(runsFor(id)).toEqual([]);
    // Not due, so the queue counts as idle.
    await shop.app.jobs.waitUntilIdle({ timeoutMs: 0 });
  });

  it('refuses, in the caller’s code, a job for an unknown task or with a payload its task rejects, rolling the change back', async () => {
    await expect(shop.app.jobs.enqueue(shop.db, 'no-such-task', {})).rejects.toThrow('No task is named no-such-task');
    const id = newRecordId();
    await expect(
      shop.db.transaction().execute(async (transaction) => {
        await transaction
          .insertInto('contact_messages')
          .values({ id, name: 'Tess', email: 'tess@example.com', phone: '', requirement: 'A mallet', created_at: '2026-05-04T10:00:00.000Z' })
          .execute();
        await shop.app.jobs.enqueue(transaction, 'reply-to-message', { messageId: 42 });
      }),
    ).rejects.toThrow('The payload of a reply-to-message job does not fit its schema');
    expect(await shop.db.selectFrom('contact_messages').where('id', '=', id).selectAll().execute()).toEqual([]);
  });
});
