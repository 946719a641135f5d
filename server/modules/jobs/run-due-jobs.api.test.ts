import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createShopWithPeople } from '../../test/accounts.ts';
import { numberedPayload, recordingTask } from '../../test/recording-task.ts';
import { testDialect } from '../../test/test-database.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * What a test (or anything else that runs the queue by hand) counts on: when `runDueJobs` resolves,
 * every job it ran has its outcome written, a failure as much as a success, however slowly the
 * database takes the write.
 */
let shop: TestApp;
/** A second connection, as another process would hold one. */
let other: DatabaseHandle;

/**
 * On PostgreSQL, holds the job's row locked for a moment from the other connection, as a busy
 * database would keep a write waiting: the run's write of this job's failure waits for it.
 * @param jobId
 */
async function holdJobRowLocked(jobId: string): Promise<void> {
  if (testDialect !== 'postgres') return;
  let held: () => void = () => undefined;
  const locked = new Promise<void>((resolve) => (held = resolve));
  void other.db.transaction().execute(async (trx) => {
    await sql`select id from graphile_worker._private_jobs where id = ${jobId}::bigint for update`.execute(trx);
    held();
    await sleep(300);
  });
  await locked;
}

const doomed = recordingTask('print-packing-slip', numberedPayload, {
  maxAttempts: 1,
  outcome: async (run) => {
    if (run.payload.n === 30) await holdJobRowLocked(run.jobId);
    throw new Error(`Slip printer jammed (slip ${run.payload.n})`);
  },
});
const fine = recordingTask('print-address-label', numberedPayload);

beforeAll(async () => {
  ({ shop } = await createShopWithPeople({ jobs: { extraTasks: [doomed.task, fine.task], startRunner: false } }));
  other = shop.database.connectAgain();
});
afterAll(async () => {
  await other.close();
  await shop.close();
});

describe('runDueJobs', () => {
  it('resolves only once every job it ran is written down: thirty failed are all listed, thirty done are gone, a slow write included', async () => {
    for (let n = 1; n <= 30; n += 1) {
      await shop.app.jobs.enqueue(shop.db, 'print-address-label', { n });
      await shop.app.jobs.enqueue(shop.db, 'print-packing-slip', { n });
    }
    await shop.app.jobs.runDueJobs();
    // Read at once, with no wait: each failure is final (one attempt), so all thirty are listed now.
    const failed = await shop.app.jobs.listFailed({ limit: 50, offset: 0 });
    expect(failed.total).toBe(30);
    expect(failed.items.map((item) => item.lastError).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Slip printer jammed (slip ${i + 1})`).sort());
    expect(doomed.runs).toHaveLength(30);
    expect(fine.runs).toHaveLength(30);
    // Nothing due or running is left: the done ones are deleted, the failed ones unlocked.
    expect(await shop.app.jobs.depth()).toMatchObject({ due: 0, running: 0, failed: 30 });
  });
});
