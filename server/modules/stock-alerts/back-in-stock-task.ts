import { z } from 'zod';
import { defineTask } from '../jobs/job-queue.ts';
import type { StockAlertService } from './stock-alert-service.ts';

export const notifyBackInStockTask = 'notify-back-in-stock';

/** How often the job looks for stock that came back: an alert's e-mail leaves at most this long after. */
export const backInStockSweepMinutes = 5;

/**
 * The periodic job that sends the back-in-stock e-mails. The queue schedules it once per period across
 * every process (ADR 009); should two runs meet anyway, each alert is claimed by one of them only.
 */
export function notifyBackInStockTaskDefinition(alerts: Pick<StockAlertService, 'notifyBackInStock'>) {
  return defineTask({
    name: notifyBackInStockTask,
    payload: z.object({}),
    describe: () => 'Tell the people waiting for sold-out tools that they are back',
    handler: async () => {
      await alerts.notifyBackInStock();
    },
    schedule: { everyMinutes: backInStockSweepMinutes, payload: {} },
  });
}
