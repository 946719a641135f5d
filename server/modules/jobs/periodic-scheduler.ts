import type { Database } from '../../db/database.ts';
import type { ScheduleRepository } from './schedule-repository.ts';
import type { TaskRegistry } from './task-registry.ts';

/** The start of the period of `everyMinutes` that `now` falls in; periods are counted from the epoch, in UTC. */
export function periodStart(now: Date, everyMinutes: number): Date {
  const length = everyMinutes * 60_000;
  return new Date(Math.floor(now.getTime() / length) * length);
}

export interface PeriodicSchedulerOptions {
  registry: TaskRegistry;
  schedules: ScheduleRepository;
  enqueue: (executor: Database, task: string, payload: unknown) => Promise<unknown>;
  clock: () => Date;
}

/**
 * Enqueues each periodic task once per period, across every process: each process looks at every
 * tick, and the database lets one of them claim the period. A period in which no process was running
 * is not made up for; the next one runs as usual.
 */
export function createPeriodicScheduler({ registry, schedules, enqueue, clock }: PeriodicSchedulerOptions) {
  // The period this process last saw claimed, by task, so that a tick within it costs no query.
  const settled = new Map<string, string>();

  return {
    async tick(): Promise<void> {
      for (const task of registry.periodic()) {
        const period = periodStart(clock(), task.schedule.everyMinutes).toISOString();
        if (settled.get(task.name) === period) continue;
        await schedules.claimPeriod(task.name, period, (transaction) => enqueue(transaction, task.name, task.schedule.payload));
        settled.set(task.name, period);
      }
    },
  };
}

export type PeriodicScheduler = ReturnType<typeof createPeriodicScheduler>;
