import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-database.ts';
import { createAllowanceLeases } from './allowance-leases.ts';
import { createRateLimitRepository } from './rate-limit-repository.ts';

/**
 * A rate limit's allowance claimed from the database in doubling blocks and spent in the process
 * (ADR 063): never more calls than the maximum in a window, however many processes share the key,
 * and a database write for a block of calls rather than for each one.
 */
const minuteMs = 60_000;
let database: TestDatabase;
const clock = createTestClock('2026-11-28T09:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(() => database?.dispose());

/** A server process's leases on the shared database. */
const aProcess = () => createAllowanceLeases(createRateLimitRepository(database.db, clock), clock);
const storedCount = async (key: string) => Number((await database.db.selectFrom('rate_limit_hits').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0);
const letThrough = (taken: { current: number }[], max: number) => taken.filter((call) => call.current <= max).length;

describe(`a rate limit's allowance (${testDialect})`, () => {
  it('lets exactly the maximum through in one process when sixty calls arrive at once, then refuses until the window ends', async () => {
    const leases = aProcess();
    const taken = await Promise.all(Array.from({ length: 60 }, () => leases.take('burst', minuteMs, 20)));
    expect(letThrough(taken, 20)).toBe(20);
    expect(taken.filter((call) => call.current > 20).every((call) => call.ttl > 0 && call.ttl <= minuteMs)).toBe(true);

    clock.advance(minuteMs);
    expect((await leases.take('burst', minuteMs, 20)).current).toBeLessThanOrEqual(20);
  });

  it('never lets more than the maximum through when three processes share the key, sixty calls at once', async () => {
    const processes = [aProcess(), aProcess(), aProcess()];
    const taken = await Promise.all(Array.from({ length: 60 }, (_, index) => processes[index % 3]!.take('shared', minuteMs, 20)));
    const through = letThrough(taken, 20);
    expect(through).toBeLessThanOrEqual(20);
    // Blocks one process claimed and did not spend may refuse the others a little early, never late.
    expect(through).toBeGreaterThanOrEqual(10);
    // Once spent, the key costs no further write in this window.
    const counted = await storedCount('shared');
    for (const leases of processes) expect((await leases.take('shared', minuteMs, 20)).current).toBeGreaterThan(20);
    expect(await storedCount('shared')).toBe(counted);
  });

  it('writes the counter once a block, not once a call: forty calls claim 1 + 2 + 4 + 8 + 16 + 32', async () => {
    const leases = aProcess();
    for (let call = 0; call < 40; call += 1) expect((await leases.take('steady', minuteMs, 1000)).current).toBe(call + 1);
    expect(await storedCount('steady')).toBe(63);
  });

  it('counts one call as one for someone calling rarely, and starts again after the window', async () => {
    const leases = aProcess();
    expect(await leases.take('rare', minuteMs, 3)).toEqual({ current: 1, ttl: minuteMs });
    expect(await storedCount('rare')).toBe(1);
    clock.advance(minuteMs);
    expect(await leases.take('rare', minuteMs, 3)).toEqual({ current: 1, ttl: minuteMs });
    expect(await storedCount('rare')).toBe(1);
  });
});
