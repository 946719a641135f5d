import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrdersTable } from '../../db/schema.ts';

export interface DaySales {
  /** YYYY-MM-DD (UTC). */
  day: string;
  cents: number;
  /** Refunded since, of the orders paid that day. */
  refundedCents: number;
  orders: number;
}

export interface StatusCount {
  paymentStatus: OrdersTable['payment_status'];
  shippingStatus: OrdersTable['shipping_status'];
  count: number;
}

export interface StockRow {
  id: string;
  name: string;
  availQuantity: number;
  minQuantity: number;
}

/**
 * paid_at is ISO 8601 text in UTC, so its first ten characters are the day it was paid, on SQLite and
 * PostgreSQL alike. Written out with literal numbers (not parameters) so that PostgreSQL sees the
 * selected and the grouped expression as the same one.
 */
const paidDay = sql<string>`substr(paid_at, 1, 10)`;

/** How many pieces a product has above its minimum order. */
const piecesAboveMinimum = sql<number>`avail_quantity - min_quantity`;

/** The admin overview's figures, each added up by the database rather than from rows read here. */
export function createOverviewRepository(db: Database) {
  return {
    /**
     * Revenue and paid orders per day, for orders paid from the start of `fromDay` up to (not
     * including) the start of `toDay`. Comparing paid_at with bare dates keeps the filter a range on
     * orders_paid_at_idx: 'YYYY-MM-DD' sorts just before every time on that day. No filter on
     * payment_status: paid_at is set exactly while an order is paid (paying sets both, a reverted
     * payment clears both), and with one the planner may pick orders_status_idx and read every paid
     * order there is.
     */
    async salesByDay(fromDay: string, toDay: string): Promise<DaySales[]> {
      const rows = await db
        .selectFrom('orders')
        .select((eb) => [
          paidDay.as('day'),
          eb.fn.sum<number>('price_cents').as('cents'),
          eb.fn.sum<number>('refunded_cents').as('refunded_cents'),
          eb.fn.countAll<number>().as('orders'),
        ])
        .where('paid_at', '>=', fromDay)
        .where('paid_at', '<', toDay)
        .groupBy(paidDay)
        .execute();
      // PostgreSQL's SUM and COUNT are bigints; the pool parses those, Number() makes sure.
      return rows.map((row) => ({ day: row.day, cents: Number(row.cents), refundedCents: Number(row.refunded_cents), orders: Number(row.orders) }));
    },

    /** Orders counted by payment and shipping status (orders_status_idx covers it). */
    async countsByStatus(): Promise<StatusCount[]> {
      const rows = await db
        .selectFrom('orders')
        .select((eb) => ['payment_status', 'shipping_status', eb.fn.countAll<number>().as('count')])
        .groupBy(['payment_status', 'shipping_status'])
        .execute();
      return rows.map((row) => ({ paymentStatus: row.payment_status, shippingStatus: row.shipping_status, count: Number(row.count) }));
    },

    /**
     * Orders that were cancelled or expired, which countsByStatus counts as unpaid: only an unpaid
     * order can be cancelled (orders_cancelled_idx holds exactly these).
     */
    async countCancelled(): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('cancelled_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Products with fewer than `margin` pieces above their minimum order, fewest first. */
    async lowStock(margin: number, limit: number): Promise<StockRow[]> {
      const rows = await db
        .selectFrom('products')
        .select(['id', 'name', 'avail_quantity', 'min_quantity'])
        .where(piecesAboveMinimum, '<', margin)
        .orderBy(piecesAboveMinimum)
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, availQuantity: row.avail_quantity, minQuantity: row.min_quantity }));
    },
  };
}

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
