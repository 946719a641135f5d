import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';

export function createRateLimitRepository(db: Database, clock: Clock) {
  return {
    /**
     * Counts one hit on `key` in a window of `windowMs`, atomically: a new or expired window starts
     * at 1, a live one goes up by one. Answers the count and how long until the window ends.
     */
    async hit(key: string, windowMs: number): Promise<{ count: number; msUntilReset: number }> {
      const now = clock().getTime();
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, count: 1, reset_at: now + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit_hits.reset_at <= ${now} then 1 else rate_limit_hits.count + 1 end`,
            reset_at: sql<number>`case when rate_limit_hits.reset_at <= ${now} then ${now + windowMs} else rate_limit_hits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), msUntilReset: Math.max(0, Number(row.reset_at) - now) };
    },

    async deleteExpired(): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', clock().getTime()).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
