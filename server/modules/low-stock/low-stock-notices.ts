import { z } from 'zod';
import { type ProductOption, type VariantChoice, piecesToOrder, variantLabel } from '../../../common/variants.ts';
import { defineTask } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { lowStockNotice } from '../mail/templates/stock-messages.ts';
import type { LowStockRepository } from './low-stock-repository.ts';

export const noticeLowStockTask = 'notice-low-stock';

/** How often the job looks at stock: a notice leaves at most this long after a variant fell below its mark. */
export const lowStockSweepMinutes = 5;

const batchSize = 100;

function parsed<T>(json: string, empty: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return empty;
  }
}

/**
 * Tells the shop's notify address (SHOP_NOTIFY_EMAIL) when a variant's stock falls below its
 * low-stock mark: once, until the stock rises to the mark again. A periodic scan rather than a hook on
 * each sale, because stock falls by orders, the admin's edits and imports alike. Without a notify
 * address the shop sends itself nothing, and marks nothing.
 */
export function createLowStockNotices(variants: LowStockRepository, { mailer, to, publicUrl }: { mailer: Mailer; to: string | undefined; publicUrl: string }) {
  return {
    /** One pass: unmark what rose, then notice what fell. Answers how many notices were queued. */
    async run(): Promise<number> {
      if (!to) return 0;
      await variants.resetRisen();
      let sent = 0;
      for (;;) {
        const low = await variants.unnoticed(batchSize);
        for (const variant of low) {
          const claimed = await variants.inTransaction(async (trx) => {
            if (!(await variants.claim(trx, variant))) return false;
            const content = lowStockNotice({
              product: variant.productName,
              variant: variantLabel(parsed<ProductOption[]>(variant.options, []), parsed<VariantChoice>(variant.variantOptions, {})),
              sku: variant.sku,
              stock: variant.stock,
              threshold: variant.threshold,
              canOrder: piecesToOrder(variant.stock),
              manageUrl: `${publicUrl}/dashboard/manageproducts`,
            });
            await mailer.enqueue(trx, { to, content });
            return true;
          });
          if (claimed) sent += 1;
        }
        if (low.length < batchSize) return sent;
      }
    },
  };
}

export type LowStockNotices = ReturnType<typeof createLowStockNotices>;

/** The periodic job, scheduled once per period across every process (ADR 009). */
export function noticeLowStockTaskDefinition(notices: Pick<LowStockNotices, 'run'>) {
  return defineTask({
    name: noticeLowStockTask,
    payload: z.object({}),
    describe: () => 'Tell the shop which variants fell below their low-stock mark',
    handler: async () => {
      await notices.run();
    },
    schedule: { everyMinutes: lowStockSweepMinutes, payload: {} },
  });
}
