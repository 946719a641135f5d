import { z } from 'zod';
import { defineTask } from '../jobs/job-queue.ts';
import type { CartReminderService } from './cart-reminder-service.ts';

export const sendCartRemindersTask = 'send-cart-reminders';

/**
 * How often the sweep looks for carts whose reminder is due: every 15 minutes, or a quarter of the
 * wait when that is shorter, in whole minutes (the queue's periods are), at least one.
 */
export const cartReminderSweepMinutes = (hours: number) => Math.max(1, Math.min(15, Math.floor((hours * 60) / 4)));

/**
 * The periodic job that sends cart reminders. The queue schedules it once per period across every
 * process (ADR 009); should two runs meet anyway, each reminder is claimed by one of them only.
 */
export function sendCartRemindersTaskDefinition(reminders: Pick<CartReminderService, 'sendDue'>, hours: number) {
  return defineTask({
    name: sendCartRemindersTask,
    payload: z.object({}),
    describe: () => 'Remind people of the carts they left',
    handler: async () => {
      await reminders.sendDue();
    },
    schedule: { everyMinutes: cartReminderSweepMinutes(hours), payload: {} },
  });
}
