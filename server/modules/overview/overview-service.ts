import { centsToDollars } from '../../../common/money.ts';
import type { Overview } from '../../../common/schemas/overview.ts';
import { lowStockMargin } from '../../../common/shop-management.ts';
import type { Clock } from '../../clock.ts';
import type { OverviewRepository, StatusCount } from './overview-repository.ts';

/** The sales chart's span: today and the 29 days before it. */
export const overviewDays = 30;
const lowStockListLength = 10;
const dayMs = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of the UTC day `offset` days after the one `now` falls in. */
function utcDay(now: Date, offset: number): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + offset * dayMs).toISOString().slice(0, 10);
}

function ordersByStatus(counts: StatusCount[], cancelled: number): Overview['ordersByStatus'] {
  const totals = { notPaid: 0, pending: 0, shipped: 0, delivered: 0, cancelled };
  for (const { paymentStatus, shippingStatus, count } of counts) {
    if (paymentStatus !== 'paid') totals.notPaid += count;
    // A paid order without a shipping status has not been sent yet: it waits with the pending ones.
    else totals[shippingStatus ?? 'pending'] += count;
  }
  // Cancelled and expired orders stay unpaid; only the others still wait for payment.
  totals.notPaid -= cancelled;
  return totals;
}

/** `clock` says what "today" is. */
export function createOverviewService(overview: OverviewRepository, clock: Clock) {
  return {
    /** The admin's dashboard figures. The caller has checked that the viewer is an admin. */
    async get(): Promise<Overview> {
      const now = clock();
      const dates = Array.from({ length: overviewDays }, (_, index) => utcDay(now, index - (overviewDays - 1)));
      const [sales, counts, cancelled, lowStock] = await Promise.all([
        overview.salesByDay(utcDay(now, 1 - overviewDays), utcDay(now, 1)),
        overview.countsByStatus(),
        overview.countCancelled(),
        overview.lowStock(lowStockMargin, lowStockListLength),
      ]);
      const salesOn = new Map(sales.map((day) => [day.day, day]));
      return {
        // Every day is present, so that the chart's axis has no gaps: a day without sales is zero.
        days: dates.map((date) => {
          const day = salesOn.get(date);
          return { date, revenue: centsToDollars(day?.cents ?? 0), refunded: centsToDollars(day?.refundedCents ?? 0), paidOrders: day?.orders ?? 0 };
        }),
        ordersByStatus: ordersByStatus(counts, cancelled),
        lowStock: lowStock.map(({ id, ...product }) => ({ _id: id, ...product })),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
