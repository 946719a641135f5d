import type { Database } from '../../db/database.ts';

/** Which period each periodic task was last scheduled for (`job_schedules`), shared by every process. */
export function createScheduleRepository(db: Database) {
  return {
    /**
     * Claims the period that starts at `periodStart` for the task and, in the same transaction, lets
     * the winner enqueue its job. Of several processes claiming one period, exactly one gets it: the
     * upsert moves the period forward only if it is later than the one recorded.
     */
    claimPeriod(name: string, periodStart: string, enqueue: (transaction: Database) => Promise<unknown>): Promise<boolean> {
      return db.transaction().execute(async (transaction) => {
        const claimed = await transaction
          .insertInto('job_schedules')
          .values({ name, last_period_start: periodStart })
          .onConflict((conflict) => conflict.column('name').doUpdateSet({ last_period_start: periodStart }).where('job_schedules.last_period_start', '<', periodStart))
          .returning('name')
          .executeTakeFirst();
        if (!claimed) return false;
        await enqueue(transaction);
        return true;
      });
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
