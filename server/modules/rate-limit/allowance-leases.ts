import type { Clock } from '../../clock.ts';
import type { RateLimitRepository } from './rate-limit-repository.ts';

/** What a process holds of one key's allowance in the current window. */
interface Lease {
  /** When the database's window ends (its reset_at), by this process's clock. */
  resetAt: number;
  /** Until when the process spends what it holds: a margin before the window's end, for the hosts' clocks. */
  spendUntil: number;
  /** Calls this process may still let through without asking the database. */
  left: number;
  /** The window's calls the database had counted at the last claim, at most the maximum. */
  counted: number;
  /** How many to claim next time, before the cap of half of what was left. */
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
/** The most a claim asks for, whatever the maximum: the counter stays far from its column's range. */
const largestBlock = 1_024;
/**
 * How far apart the hosts' clocks may be (NTP keeps them within milliseconds). Each process stops
 * spending its block this long before the window ends by its own clock, and counts each call in the
 * database until then: a host whose clock runs behind never spends an old window's block while
 * another has begun the next window.
 */
const clockSkewMarginMs = 1_000;

/**
 * A rate limit's allowance, claimed from the database in blocks and spent in the process (ADR 063).
 * The database keeps one counter for each key and window, shared by every process; a process adds a
 * block of calls to it with one atomic upsert and lets that many calls through without writing
 * again. A window's first claim asks for one call; each later one for twice the last, but never for
 * more than half of what the database had left at the process's last claim, so that one process does
 * not hold what the others will ask for. Someone calling a few times writes once a call, as before;
 * a caller who keeps calling writes about log₂ of its calls.
 *
 * No window ever lets through more than its maximum, however many processes share the key: each
 * block is granted only as far as the counter, after the upsert, stays within the maximum. What a
 * process claimed and did not use is lost to the others until the window ends, so across processes a
 * key may be refused before its maximum (by at most what the others hold), never after it. A key
 * whose allowance is spent costs no write until its window ends.
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

  /** Adds `block` calls to the key's counter; the lease of what of them fits under the maximum. */
  async function counted(key: string, windowMs: number, max: number, now: number, block: number): Promise<Lease> {
    const { count, msUntilReset } = await counters.hit(key, windowMs, block);
    const resetAt = now + msUntilReset;
    const lease: Lease = {
      resetAt,
      spendUntil: resetAt - Math.min(clockSkewMarginMs, windowMs / 10),
      // The part of the block that fits under the maximum, the counter's earlier hits counted first.
      left: Math.max(0, Math.min(block, max - (count - block))),
      counted: Math.min(count, max),
      nextBlock: Math.min(block * 2, largestBlock),
      spent: count >= max,
    };
    leases.set(key, lease);
    claimsSincePrune += 1;
    if (claimsSincePrune >= pruneEvery) {
      claimsSincePrune = 0;
      prune(now);
    }
    return lease;
  }

  async function claim(key: string, windowMs: number, max: number, now: number): Promise<void> {
    const current = leases.get(key);
    const block = current && now < current.spendUntil ? Math.max(1, Math.min(current.nextBlock, Math.floor((max - current.counted) / 2))) : 1;
    await counted(key, windowMs, max, now, block);
  }

  /** Near the window's end: the call counted alone in the database, as every call was before leases. */
  async function countedAlone(key: string, windowMs: number, max: number, now: number): Promise<Taken> {
    const lease = await counted(key, windowMs, max, now, 1);
    const taken = lease.left > 0;
    lease.left = 0;
    return { current: taken ? lease.counted : max + 1, ttl: lease.resetAt - now };
  }

  return {
    /** One call on `key`, limited to `max` a window of `windowMs`: let through when `current` ≤ `max`. */
    async take(key: string, windowMs: number, max: number): Promise<Taken> {
      for (;;) {
        const now = clock().getTime();
        const lease = leases.get(key);
        if (lease && lease.resetAt > now) {
          if (lease.left > 0 && now < lease.spendUntil) {
            lease.left -= 1;
            // The calls counted less those this process may still let through: as far as it knows.
            return { current: lease.counted - lease.left, ttl: lease.resetAt - now };
          }
          if (lease.spent) return { current: max + 1, ttl: lease.resetAt - now };
          if (now >= lease.spendUntil) return countedAlone(key, windowMs, max, now);
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
