import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface DaySales {
  /** YYYY-MM-DD (UTC). */
  day: string;
  cents: number;
  /** Refunded since, of the orders paid that day. */
  refundedCents: number;
  orders: number;
}

/** Orders at each stage: not paid (nor cancelled), paid and waiting to be sent, sent, delivered, cancelled. */
export interface StageCounts {
  unpaid: number;
  awaitingShipment: number;
  shipped: number;
  delivered: number;
  cancelled: number;
}

export interface StockRow {
  id: string;
  name: string;
  availQuantity: number;
  minQuantity: number;
}

/** How many pieces a product has above its minimum order. */
const piecesAboveMinimum = sql<number>`avail_quantity - min_quantity`;

/** The admin overview's figures, each added up by the database rather than from rows read here. */
export function createOverviewRepository(db: Database) {
  return {
    /**
     * Revenue and paid orders per day, from `fromDay` up to (not including) `toDay`, as kept by the
     * database when orders are paid and refunded (migration 018): a read of at most one row per day.
     */
    async salesByDay(fromDay: string, toDay: string): Promise<DaySales[]> {
      const rows = await db
        .selectFrom('order_sales_days')
        .select(['day', 'cents', 'refunded_cents', 'orders'])
        .where('day', '>=', fromDay)
        .where('day', '<', toDay)
        .where('orders', '>', 0)
        .execute();
      return rows.map((row) => ({ day: row.day, cents: Number(row.cents), refundedCents: Number(row.refunded_cents), orders: Number(row.orders) }));
    },

    /** Orders at each stage, as kept by the database with every change to an order (migration 018). */
    async stageCounts(): Promise<StageCounts> {
      const row = await db.selectFrom('order_counts').select(['unpaid', 'awaiting_shipment', 'shipped', 'delivered', 'cancelled']).where('id', '=', 1).executeTakeFirstOrThrow();
      return {
        unpaid: Number(row.unpaid),
        awaitingShipment: Number(row.awaiting_shipment),
        shipped: Number(row.shipped),
        delivered: Number(row.delivered),
        cancelled: Number(row.cancelled),
      };
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
