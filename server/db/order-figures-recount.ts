import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';
import { salesFiguresRecount } from './sales-figures.ts';
import type { DatabaseSchema } from './schema.ts';

/** 1 for each order the condition holds for, added up; 0 for no orders. */
const counted = (condition: string) => `coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/**
 * The figures migration 018's triggers keep (ADR 021), counted afresh from the orders: Manage Orders'
 * totals at each stage and the overview's daily sales. Each stage's condition is the migration's own
 * (its countedStages). Then the sales reports' figures (ADR 041), from the paid orders and the refunds. Plain statements that run on both databases, so that the scale benchmark, which
 * bulk-loads with triggers off, runs the very same ones.
 */
export const orderFiguresRecount: readonly string[] = [
  'delete from order_counts',
  `insert into order_counts (id, all_orders, unpaid, to_ship, shipped, delivered, cancelled, refunded, awaiting_shipment)
    select 1, count(*),
      ${counted("payment_status = 'unpaid' and cancelled_at is null")},
      ${counted("shipping_status = 'pending' and cancelled_at is null")},
      ${counted("shipping_status = 'shipped' and cancelled_at is null")},
      ${counted("shipping_status = 'delivered' and cancelled_at is null")},
      ${counted('cancelled_at is not null')},
      ${counted('refunded_cents > 0')},
      ${counted("payment_status = 'paid' and cancelled_at is null and coalesce(shipping_status, 'pending') = 'pending'")}
    from orders`,
  'delete from order_sales_days',
  `insert into order_sales_days (day, cents, refunded_cents, orders)
    select substr(paid_at, 1, 10), sum(price_cents), sum(refunded_cents), count(*) from orders where paid_at is not null group by substr(paid_at, 1, 10)`,
  ...salesFiguresRecount,
];

/**
 * Counts the kept order figures afresh, in one transaction that holds off new orders and changes to
 * orders meanwhile (on PostgreSQL by a share lock on the table; on SQLite the transaction's first write
 * takes the one writer's turn). For figures a person changed by hand, or rows loaded with triggers off.
 */
export async function recountOrderFigures(db: Kysely<DatabaseSchema>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`lock table orders in share mode`.execute(trx);
    for (const statement of orderFiguresRecount) await sql.raw(statement).execute(trx);
  });
}
