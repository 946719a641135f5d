import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVersionWatch } from './version-watch.ts';

/** A version row read by hand: each read waits until the test answers it. */
function heldReads() {
  const waiting: ((version: number) => void)[] = [];
  return {
    read: () => new Promise<number>((resolve) => waiting.push(resolve)),
    answer: (version: number) => waiting.shift()!(version),
    count: () => waiting.length,
  };
}

describe('createVersionWatch', () => {
  it('reads once for every request that waits, and not again within the interval', async () => {
    const reads = heldReads();
    const watch = createVersionWatch(reads.read, 60_000);
    const first = watch.current();
    const second = watch.current();
    expect(reads.count()).toBe(1);
    reads.answer(3);
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    expect(await watch.current()).toBe(3);
    expect(reads.count()).toBe(0);
  });

  it('reads again after lookAgain, even when a read begun before it answers late', async () => {
    const reads = heldReads();
    const watch = createVersionWatch(reads.read, 60_000);
    const before = watch.current();
    // This process changed something while that read was on its way: it may hold the old version.
    watch.lookAgain();
    const after = watch.current();
    expect(reads.count()).toBe(2);
    reads.answer(1);
    expect(await before).toBe(1);
    reads.answer(2);
    expect(await after).toBe(2);
    expect(await watch.current()).toBe(2);
  });

  it('does not let a late answer from before lookAgain stand as the latest look', async () => {
    const reads = heldReads();
    const watch = createVersionWatch(reads.read, 60_000);
    const before = watch.current();
    watch.lookAgain();
    reads.answer(1);
    await before;
    // The old read did not count: the next request reads the row.
    const next = watch.current();
    expect(reads.count()).toBe(1);
    reads.answer(2);
    expect(await next).toBe(2);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the version without waiting only while the last look is fresh', async () => {
    // The watch times its looks by performance.now(): moved by hand here, rather than waited for.
    vi.useFakeTimers({ toFake: ['performance'] });
    const reads = heldReads();
    const watch = createVersionWatch(reads.read, 50);
    expect(watch.fresh()).toBeUndefined();
    const look = watch.current();
    expect(watch.fresh()).toBeUndefined();
    reads.answer(4);
    await look;
    expect(watch.fresh()).toBe(4);
    watch.lookAgain();
    expect(watch.fresh()).toBeUndefined();
    const again = watch.current();
    reads.answer(5);
    await again;
    expect(watch.fresh()).toBe(5);
    vi.advanceTimersByTime(49);
    expect(watch.fresh()).toBe(5);
    vi.advanceTimersByTime(1);
    expect(watch.fresh()).toBeUndefined();
  });
});
