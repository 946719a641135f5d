import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './database.ts';
import type { DatabaseSchema } from './schema.ts';

/** How many rows a list call counts at most where counting them all would read them all (ADR 021). */
export const countCap = 1000;

/**
 * How many rows `matching` finds, counting no further than `cap`: exactly when there are at most that
 * many, or `{ total: cap, capped: true }` when there are more (the answer's X-Total-Count-Capped).
 */
export async function cappedCount<TB extends keyof DatabaseSchema>(
  db: Database,
  matching: SelectQueryBuilder<DatabaseSchema, TB, object>,
  cap = countCap,
): Promise<{ total: number; capped: boolean }> {
  const row = await db
    .selectFrom(
      matching
        .select(sql.lit(1).as('one'))
        .limit(cap + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}
