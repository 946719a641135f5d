import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAppOn } from '../../test/app-at.ts';
import { useSharedDatabase } from '../../test/shared-database.ts';
import { numberedPayload, recordingTask } from '../../test/recording-task.ts';
import { testDialect } from '../../test/test-database.ts';

/**
 * Several server processes on one database, each with its own connection: on PostgreSQL as in
 * production, on SQLite as processes sharing one file.
 */
const shared = useSharedDatabase();

/**
 * Two processes looking for work at the same moment. On SQLite both test connections live in this one
 * thread, where a writer waiting for the other's lock would block the very thread that must release it;
 * there they look in turn instead (each first every other time), as SQLite's single writer makes
 * separate processes do anyway.
 */
async function bothLook(first: () => Promise<void>, second: () => Promise<void>, firstLooksFirst: boolean): Promise<void> {
  if (testDialect === 'postgres') {
    await Promise.all([first(), second()]);
    return;
  }
  for (const look of firstLooksFirst ? [first, second] : [second, first]) await look();
}

describe('jobs shared by several processes', () => {
  it('runs a job that one process enqueued and stopped before running, once another process starts', async () => {
    const before = recordingTask('archive-order', numberedPayload);
    const stopped = await createAppOn(shared.database, { jobs: { extraTasks: [before.task], startRunner: false } });
    await stopped.app.jobs.enqueue(shared.database.db, 'archive-order', { n: 7 });
    await stopped.close();
    expect(before.runs).toEqual([]);

    const after = recordingTask('archive-order', numberedPayload);
    const restarted = await createAppOn(shared.secondConnection, { jobs: { extraTasks: [after.task], pollIntervalMs: 50 } });
    try {
      await vi.waitFor(() => expect(after.runs.map((run) => run.payload)).toEqual([{ n: 7 }]), { timeout: 10_000, interval: 25 });
      await restarted.app.jobs.waitUntilIdle();
      expect(after.runs).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('runs each of 50 jobs exactly once with two processes taking them at the same time', { timeout: 30_000 }, async () => {
    // The same task in each process, recorded apart, to see both at work. Each run waits until both
    // processes have taken a job, so that one process cannot take them all before the other looks.
    const untilBothAtWork = (): Promise<void> =>
      vi.waitFor(() => expect(Math.min(inFirst.runs.length, inSecond.runs.length)).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
    const inFirst = recordingTask('print-label', numberedPayload, { outcome: untilBothAtWork });
    const inSecond = recordingTask('print-label', numberedPayload, { outcome: untilBothAtWork });
    const first = await createAppOn(shared.database, { jobs: { extraTasks: [inFirst.task], pollIntervalMs: 50 } });
    const second = await createAppOn(shared.secondConnection, { jobs: { extraTasks: [inSecond.task], pollIntervalMs: 50 } });
    try {
      // One statement each, while both runners already take them.
      for (let n = 0; n < 50; n += 1) await first.app.jobs.enqueue(shared.database.db, 'print-label', { n });
      await vi.waitFor(() => expect(inFirst.runs.length + inSecond.runs.length).toBeGreaterThanOrEqual(50), { timeout: 20_000, interval: 25 });
      await first.app.jobs.waitUntilIdle();
      const numbers = [...inFirst.runs, ...inSecond.runs].map((run) => run.payload.n).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, n) => n));
      expect(inFirst.runs.length).toBeGreaterThan(0);
      expect(inSecond.runs.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('runs a periodic task once per period while two processes look at every tick', async () => {
    let now = new Date('2030-03-04T09:55:00.000Z');
    const clock = () => new Date(now);
    const sweep = { everyMinutes: 5, payload: { olderThanHours: 24 } };
    const sweepPayload = z.object({ olderThanHours: z.number() });
    const inFirst = recordingTask('sweep-carts', sweepPayload, { schedule: sweep });
    const inSecond = recordingTask('sweep-carts', sweepPayload, { schedule: sweep });
    const first = await createAppOn(shared.database, { clock, jobs: { extraTasks: [inFirst.task], startRunner: false } });
    const second = await createAppOn(shared.secondConnection, { clock, jobs: { extraTasks: [inSecond.task], startRunner: false } });
    let firstLooksFirst = true;
    const runsAt = async (at: string) => {
      now = new Date(at);
      await bothLook(
        () => first.app.jobs.runDueJobs(),
        () => second.app.jobs.runDueJobs(),
        firstLooksFirst,
      );
      firstLooksFirst = !firstLooksFirst;
      return inFirst.runs.length + inSecond.runs.length;
    };
    try {
      expect(await runsAt('2030-03-04T09:55:00.000Z')).toBe(1);
      expect(await runsAt('2030-03-04T09:57:30.000Z')).toBe(1);
      expect(await runsAt('2030-03-04T09:59:59.999Z')).toBe(1);
      expect(await runsAt('2030-03-04T10:00:00.000Z')).toBe(2);
      expect(await runsAt('2030-03-04T10:04:00.000Z')).toBe(2);
      // A period in which nobody looked is not made up for.
      expect(await runsAt('2030-03-04T10:17:00.000Z')).toBe(3);
      expect([...inFirst.runs, ...inSecond.runs].map((run) => run.payload)).toEqual([sweep.payload, sweep.payload, sweep.payload]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
