import type { Selectable, Updateable } from 'kysely';
import type { ReturnStatus } from '../../../common/returns.ts';
import type { Database } from '../../db/database.ts';
import type { ReturnsTable } from '../../db/schema.ts';

export type ReturnRow = Selectable<ReturnsTable>;

/** A return with the pieces of each line it sends back, its order's number and customer, and its exchange's order. */
export interface ListedReturnRow extends ReturnRow {
  order_number: number;
  customer_name: string;
  lines: { line_id: string; product: string; variant: string; quantity: number }[];
  exchange: { order_number: number; product: string; variant: string; price_cents: number } | undefined;
}

/** The returns tables (migration 030): only this module writes them, in the transactions the orders module holds. */
export function createReturnRepository(db: Database) {
  /** These returns with their lines, their orders' numbers and customers, and their exchanges' orders. */
  async function listed(rows: ReturnRow[], on: Database = db): Promise<ListedReturnRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const orderIds = [...new Set(rows.flatMap((row) => [row.order_id, ...(row.exchange_order_id ? [row.exchange_order_id] : [])]))];
    const [lines, orders] = await Promise.all([
      on
        .selectFrom('return_lines')
        .innerJoin('order_lines', 'order_lines.id', 'return_lines.line_id')
        .select(['return_lines.return_id', 'return_lines.line_id', 'order_lines.product', 'order_lines.variant', 'return_lines.quantity'])
        .where('return_lines.return_id', 'in', ids)
        .orderBy('order_lines.line')
        .execute(),
      on.selectFrom('orders').select(['id', 'number', 'customer_name', 'product', 'price_cents']).where('id', 'in', orderIds).execute(),
    ]);
    const exchangeIds = rows.flatMap((row) => (row.exchange_order_id ? [row.exchange_order_id] : []));
    const exchangeLines = exchangeIds.length > 0 ? await on.selectFrom('order_lines').select(['order_id', 'variant']).where('order_id', 'in', exchangeIds).execute() : [];
    const orderOf = new Map(orders.map((order) => [order.id, order]));
    return rows.map((row) => {
      const order = orderOf.get(row.order_id)!;
      const exchangeOrder = row.exchange_order_id ? orderOf.get(row.exchange_order_id) : undefined;
      return {
        ...row,
        order_number: order.number,
        customer_name: order.customer_name,
        lines: lines.filter((line) => line.return_id === row.id).map(({ return_id: _returnId, ...line }) => line),
        exchange: exchangeOrder && {
          order_number: exchangeOrder.number,
          product: exchangeOrder.product,
          variant: exchangeLines.find((line) => line.order_id === exchangeOrder.id)?.variant ?? '',
          price_cents: exchangeOrder.price_cents,
        },
      };
    });
  }

  return {
    /** Runs `work` in one transaction: a decision and the message that tells it commit together. */
    inTransaction: <T>(work: (transaction: Database) => Promise<T>) => db.transaction().execute(work),

    /**
     * The pieces of each line of an order that its returns hold: asked for, approved, or received
     * and exchanged. A refused return holds none, and a return refunded holds none either, because
     * its refund counts them as paid back on the line.
     */
    async piecesHeld(orderId: string, on: Database = db): Promise<Map<string, number>> {
      const rows = await on
        .selectFrom('return_lines')
        .innerJoin('returns', 'returns.id', 'return_lines.return_id')
        .select((eb) => ['return_lines.line_id', eb.fn.sum<number>('return_lines.quantity').as('quantity')])
        .where('returns.order_id', '=', orderId)
        .where((eb) => eb.or([eb('returns.status', 'in', ['requested', 'approved']), eb.and([eb('returns.status', '=', 'received'), eb('returns.resolution', '=', 'exchange')])]))
        .groupBy('return_lines.line_id')
        .execute();
      return new Map(rows.map((row) => [row.line_id, Number(row.quantity)]));
    },

    /** The next return's place among its order's, in the transaction that holds the order. */
    async nextSeq(transaction: Database, orderId: string): Promise<number> {
      const row = await transaction
        .selectFrom('returns')
        .select((eb) => eb.fn.max('seq').as('last'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return Number(row?.last ?? 0) + 1;
    },

    async insert(transaction: Database, row: ReturnRow, lines: readonly { lineId: string; quantity: number }[]): Promise<ListedReturnRow> {
      const inserted = await transaction.insertInto('returns').values(row).returningAll().executeTakeFirstOrThrow();
      await transaction
        .insertInto('return_lines')
        .values(lines.map((line) => ({ return_id: row.id, line_id: line.lineId, quantity: line.quantity })))
        .execute();
      return (await listed([inserted], transaction))[0]!;
    },

    async find(id: string): Promise<ListedReturnRow | undefined> {
      const row = await db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
      return row && (await listed([row]))[0];
    },

    /** An order's returns, oldest first. */
    async ofOrder(orderId: string): Promise<ListedReturnRow[]> {
      return listed(await db.selectFrom('returns').selectAll().where('order_id', '=', orderId).orderBy('seq').execute());
    },

    /** The admin's list at a status, oldest first (the oldest waits longest), with how many there are. */
    async list(status: ReturnStatus, page: { limit: number; offset: number }): Promise<{ rows: ListedReturnRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.selectFrom('returns').selectAll().where('status', '=', status).orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
        db
          .selectFrom('returns')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('status', '=', status)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: await listed(rows), total: Number(count.total) };
    },

    /**
     * Moves a return on from one status only, in the caller's transaction: one conditional update, so
     * that of two admins deciding at once one moves it and the other finds it moved. Answers the
     * return as it is now, or undefined when it was not at `from` any more.
     */
    async move(transaction: Database, id: string, from: ReturnStatus, change: Updateable<ReturnsTable>): Promise<ListedReturnRow | undefined> {
      const moved = await transaction.updateTable('returns').set(change).where('id', '=', id).where('status', '=', from).returningAll().executeTakeFirst();
      return moved && (await listed([moved], transaction))[0];
    },

    /** Records the refund of an exchange's difference on its return. */
    async setRefund(id: string, refundId: string): Promise<void> {
      await db.updateTable('returns').set({ refund_id: refundId }).where('id', '=', id).execute();
    },
  };
}

export type ReturnRepository = ReturnType<typeof createReturnRepository>;
