import { centsToDollars } from '../../../common/money.ts';
import type { Overview } from '../../../common/schemas/overview.ts';
import { lowStockMargin } from '../../../common/shop-management.ts';
import type { Clock } from '../../clock.ts';
import type { OverviewRepository } from './overview-repository.ts';

/** The sales chart's span: today and the 29 days before it. */
export const overviewDays = 30;
const lowStockListLength = 10;
const dayMs = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of the UTC day `offset` days after the one `now` falls in. */
function utcDay(now: Date, offset: number): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + offset * dayMs).toISOString().slice(0, 10);
}

/** `clock` says what "today" is. */
export function createOverviewService(overview: OverviewRepository, clock: Clock) {
  return {
    /** The admin's dashboard figures. The caller has checked that the viewer is an admin. */
    async get(): Promise<Overview> {
      const now = clock();
      const dates = Array.from({ length: overviewDays }, (_, index) => utcDay(now, index - (overviewDays - 1)));
      const [sales, counts, lowStock] = await Promise.all([
        overview.salesByDay(utcDay(now, 1 - overviewDays), utcDay(now, 1)),
        overview.stageCounts(),
        overview.lowStock(lowStockMargin, lowStockListLength),
      ]);
      const salesOn = new Map(sales.map((day) => [day.day, day]));
      return {
        // Every day is present, so that the chart's axis has no gaps: a day without sales is zero.
        days: dates.map((date) => {
          const day = salesOn.get(date);
          return { date, revenue: centsToDollars(day?.cents ?? 0), refunded: centsToDollars(day?.refundedCents ?? 0), paidOrders: day?.orders ?? 0 };
        }),
        ordersByStatus: { notPaid: counts.unpaid, pending: counts.awaitingShipment, shipped: counts.shipped, delivered: counts.delivered, cancelled: counts.cancelled },
        lowStock: lowStock.map(({ id, ...product }) => ({ _id: id, ...product })),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
