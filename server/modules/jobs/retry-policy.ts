/** Runs a job gets before it fails for good, unless its task or its enqueuer says otherwise. */
export const defaultMaxAttempts = 10;

/**
 * How long after a failed run the job runs again: e^attempts seconds, at most e^10 (about 6 hours).
 * This is graphile-worker's own rule, which it applies on PostgreSQL; the SQLite runner follows it
 * so that both databases retry alike (2.7 s, 7.4 s, 20 s, 55 s, …).
 */
export function retryDelayMs(attemptsSoFar: number): number {
  return Math.round(Math.exp(Math.min(attemptsSoFar, 10)) * 1000);
}

/** A running job whose process has held it this long is taken to have died with it (graphile-worker's 4 hours). */
export const staleLockMs = 4 * 60 * 60 * 1000;
