import { z } from 'zod';
import { defineTask } from '../jobs/job-queue.ts';
import type { OrderService } from './order-service.ts';

export const expireUnpaidOrdersTask = 'expire-unpaid-orders';

/** How often the sweep runs: an order expires at most this long after its time is up. */
export const expirySweepMinutes = 15;

/**
 * The periodic sweep that cancels, as expired, every order left unpaid for `hours` (UNPAID_ORDER_HOURS).
 * The job queue schedules it once per period across every process (ADR 009); each order is cancelled
 * in a transaction that finds it still open, so a sweep that runs twice expires nothing twice.
 */
export function expireUnpaidOrdersTaskDefinition(orders: Pick<OrderService, 'expireUnpaid'>, hours: number) {
  return defineTask({
    name: expireUnpaidOrdersTask,
    payload: z.object({}),
    describe: () => `Cancel the orders left unpaid for ${hours} hours`,
    handler: async () => {
      await orders.expireUnpaid(hours);
    },
    schedule: { everyMinutes: expirySweepMinutes, payload: {} },
  });
}
