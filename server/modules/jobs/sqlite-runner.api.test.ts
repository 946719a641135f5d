import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppOn, type AppAt } from '../../test/app-at.ts';
import { numberedPayload, recordingTask } from '../../test/recording-task.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.ts';
import { migrateToLatest } from '../../db/migrate.ts';

/**
 * What the SQLite runner does itself (on PostgreSQL, graphile-worker does it): its time is the app's
 * clock, and it takes back the jobs of a process that died while running them.
 */
describe.runIf(testDialect === 'sqlite')('the SQLite runner', () => {
  let now = new Date('2030-06-01T12:00:00.000Z');
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const flaky = recordingTask('resize-picture', numberedPayload, {
    outcome: (_run, runsSoFar) => {
      if (runsSoFar === 1) throw new Error('Out of memory');
    },
  });
  const lastChance = recordingTask('rebuild-index', numberedPayload, { maxAttempts: 1 });

  let database: TestDatabase;
  let shop: AppAt;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    shop = await createAppOn(database, { clock: () => new Date(now), jobs: { extraTasks: [flaky.task, lastChance.task], startRunner: false } });
  });
  afterAll(async () => {
    await shop.close();
    await database.dispose();
  });

  it('retries a failed job when the app’s clock reaches e^attempts seconds later, not before', async () => {
    await shop.app.jobs.enqueue(database.db, 'resize-picture', { n: 1 });
    await shop.app.jobs.runDueJobs();
    expect(flaky.runs).toHaveLength(1);
    later(2_717);
    await shop.app.jobs.runDueJobs();
    expect(flaky.runs).toHaveLength(1);
    later(1);
    await shop.app.jobs.runDueJobs();
    expect(flaky.runs.map((run) => run.attempt)).toEqual([1, 2]);
  });

  it('takes back a job held for over 4 hours by a process that died: it runs again, or fails if that was its last run', async () => {
    const retried = await shop.app.jobs.enqueue(database.db, 'resize-picture', { n: 2 });
    const lost = await shop.app.jobs.enqueue(database.db, 'rebuild-index', { n: 3 });
    // Another process took both and died.
    const heldAt = now.toISOString();
    await database.db
      .updateTable('jobs')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), locked_at: heldAt, locked_by: 'sqlite-dead-process' }))
      .where('id', 'in', [Number(retried), Number(lost)])
      .execute();

    later(4 * 60 * 60 * 1000 - 1);
    await shop.app.jobs.runDueJobs();
    expect(flaky.runs.filter((run) => run.payload.n === 2)).toEqual([]);

    later(2);
    await shop.app.jobs.runDueJobs();
    expect(flaky.runs.filter((run) => run.payload.n === 2).map((run) => run.attempt)).toEqual([2]);
    expect(lastChance.runs).toEqual([]);
    expect((await shop.app.jobs.listFailed({ limit: 10, offset: 0 })).items).toEqual([
      {
        _id: lost,
        task: 'rebuild-index',
        description: 'A rebuild-index job',
        attempts: 1,
        lastError: 'Interrupted: the server running it stopped before it finished.',
        failedAt: now.toISOString(),
      },
    ]);
  });
});
