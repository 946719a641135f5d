import type { Clock } from '../../clock.ts';
import type { RateLimitRepository } from './rate-limit-repository.ts';

/** What a process holds of one key's allowance in the current window. */
interface Lease {
  /** When the database's window ends (its reset_at). */
  resetAt: number;
  /** Calls this process may still let through without asking the database. */
  left: number;
  /** The window's calls the database had counted at the last claim, at most the maximum. */
  counted: number;
  /** How many to claim next time: each claim in a window asks for twice the last. */
  nextBlock: number;
  /** The database has counted the whole allowance: nothing more will be granted in this window. */
  spent: boolean;
}

/** A call let through or refused: the count the limit compares with its maximum, and the window's time left. */
export interface Taken {
  current: number;
  ttl: number;
}

const pruneEvery = 500;

/**
 * A rate limit's allowance, claimed from the database in blocks and spent in the process (ADR 063).
 * The database keeps one counter for each key and window, shared by every process; a process adds a
 * block of calls to it with one atomic upsert and lets that many calls through without writing
 * again. Blocks double within a window (1, 2, 4…), so a person calling a few times writes once a
 * call as before, while a customer or a script calling often writes about log₂ of its calls.
 *
 * No window ever lets through more than its maximum, however many processes share the key: each
 * block is granted only as far as the counter, after the upsert, stays within the maximum. What a
 * process claimed and did not use is lost to the others until the window ends, so across processes a
 * key may be refused a little before its maximum, never after it. A key whose allowance is spent
 * costs no write until its window ends.
 */
export function createAllowanceLeases(counters: RateLimitRepository, clock: Clock) {
  const leases = new Map<string, Lease>();
  // A key's claim in flight: the calls that arrive meanwhile wait for it rather than claim their own.
  const claiming = new Map<string, Promise<void>>();
  let claimsSincePrune = 0;

  function prune(now: number) {
    for (const [key, lease] of leases) if (lease.resetAt <= now) leases.delete(key);
    void counters.deleteExpired().catch(() => undefined);
  }

  async function claim(key: string, windowMs: number, max: number, now: number): Promise<void> {
    const current = leases.get(key);
    const block = Math.min(current && current.resetAt > now ? current.nextBlock : 1, max);
    const { count, msUntilReset } = await counters.hit(key, windowMs, block);
    // The part of the block that fits under the maximum, the counter's earlier hits counted first.
    const granted = Math.max(0, Math.min(block, max - (count - block)));
    leases.set(key, { resetAt: now + msUntilReset, left: granted, counted: Math.min(count, max), nextBlock: Math.min(block * 2, max), spent: count >= max });
    claimsSincePrune += 1;
    if (claimsSincePrune >= pruneEvery) {
      claimsSincePrune = 0;
      prune(now);
    }
  }

  return {
    /** One call on `key`, limited to `max` a window of `windowMs`: let through when `current` ≤ `max`. */
    async take(key: string, windowMs: number, max: number): Promise<Taken> {
      for (;;) {
        const now = clock().getTime();
        const lease = leases.get(key);
        if (lease && lease.resetAt > now) {
          if (lease.left > 0) {
            lease.left -= 1;
            // The calls counted less those this process may still let through: as far as it knows.
            return { current: lease.counted - lease.left, ttl: lease.resetAt - now };
          }
          if (lease.spent) return { current: max + 1, ttl: lease.resetAt - now };
        }
        let pending = claiming.get(key);
        if (!pending) {
          pending = claim(key, windowMs, max, now).finally(() => claiming.delete(key));
          claiming.set(key, pending);
        }
        await pending;
      }
    },
  };
}

export type AllowanceLeases = ReturnType<typeof createAllowanceLeases>;
