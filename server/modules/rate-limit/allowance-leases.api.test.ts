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
    // Every process has callers enough to spend all it is granted, and the grants add up to the maximum.
    expect(letThrough(taken, 20)).toBe(20);
    // Once spent, the key costs no further write in this window.
    const counted = await storedCount('shared');
    for (const leases of processes) expect((await leases.take('shared', minuteMs, 20)).current).toBeGreaterThan(20);
    expect(await storedCount('shared')).toBe(counted);
  });

  it('lets the whole of a small allowance through two processes taking turns, refusing only once it is spent', async () => {
    const processes = [aProcess(), aProcess()];
    const taken = [];
    for (let call = 0; call < 12; call += 1) taken.push(await processes[call % 2]!.take('turns', 60 * minuteMs, 10));
    // No process asks for more than half of what was left: neither holds what the other is refused.
    expect(letThrough(taken, 10)).toBe(10);
    expect(await storedCount('turns')).toBeLessThanOrEqual(11);
  });

  it('counts each call in the database in the window’s last second, so that hosts whose clocks differ by less never let more through', async () => {
    const leases = aProcess();
    for (let call = 0; call < 7; call += 1) await leases.take('closing', minuteMs, 100);
    const claimed = await storedCount('closing');
    clock.advance(minuteMs - 500);
    for (let call = 1; call <= 3; call += 1) {
      expect((await leases.take('closing', minuteMs, 100)).current).toBeLessThanOrEqual(100);
      expect(await storedCount('closing')).toBe(claimed + call);
    }
    clock.advance(500);
  });

  it('answers the database’s failure to every caller waiting on a claim, and hangs none', async () => {
    const gone = await createTestDatabase();
    await migrateToLatest(gone.db);
    const leases = createAllowanceLeases(createRateLimitRepository(gone.db, clock), clock);
    await gone.dispose();
    const calls = await Promise.allSettled(Array.from({ length: 5 }, () => leases.take('unreachable', minuteMs, 10)));
    expect(calls.map((call) => call.status)).toEqual(Array.from({ length: 5 }, () => 'rejected'));
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
