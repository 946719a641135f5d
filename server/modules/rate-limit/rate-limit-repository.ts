import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export function createRateLimitRepository(db: Database) {
  return {
    /**
     * Counts one hit on `key` in a window of `windowMs`, atomically: a new or expired window starts
     * at 1, a live one goes up by one. Answers the count and when the window ends.
     */
    async hit(key: string, windowMs: number, now = Date.now()): Promise<{ count: number; resetAt: number }> {
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
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },

    async deleteExpired(now = Date.now()): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', now).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
