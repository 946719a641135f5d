import { type Insertable, type Selectable, sql } from 'kysely';
import type { CancelReason } from '../../../common/ordering.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { OrdersTable } from '../../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;
/** An order as read for showing it: with its product's stock now (null once the product is deleted). */
export type ListedOrderRow = OrderRow & { product_stock: number | null };
export type NewOrderRow = Omit<Insertable<OrdersTable>, 'number' | 'refunded_cents'>;

/** How marking an order paid went: `not-unpaid` when it was paid already, or is gone; `cancelled` when it was cancelled. */
export type MarkPaidOutcome = 'paid' | 'not-unpaid' | 'cancelled' | 'out-of-stock' | 'product-gone';

/** Work done in the transaction of a change, with the order as the change left it. */
export type Alongside = (transaction: Database, row: OrderRow) => Promise<void>;

interface Page {
  limit: number;
  offset: number;
}

/** Thrown inside a transaction to roll it back, then turned into the outcome it stands for. */
class Refused extends Error {
  constructor(readonly outcome: MarkPaidOutcome) {
    super(outcome);
  }
}

export function createOrderRepository(db: Database) {
  /** Orders with their product's stock, in the same query: a list shows which unpaid ones cannot be paid now. */
  const withStock = () => db.selectFrom('orders').leftJoin('products', 'products.id', 'orders.product_id').selectAll('orders').select('products.avail_quantity as product_stock');

  async function page(where: { email?: string }, { limit, offset }: Page): Promise<{ rows: ListedOrderRow[]; total: number }> {
    let query = db.selectFrom('orders');
    let listed = withStock();
    if (where.email !== undefined) {
      query = query.where('email', '=', where.email);
      listed = listed.where('orders.email', '=', where.email);
    }
    const [rows, count] = await Promise.all([
      listed.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  return {
    /** Places an order, giving it the next order number; answers it as stored. */
    async insert(row: NewOrderRow, alongside: Alongside): Promise<OrderRow> {
      return db.transaction().execute(async (trx) => {
        const number = isPostgres(db)
          ? sql<number>`nextval('order_number_seq')`
          : (await sql<{ last_number: number }>`update order_number_counter set last_number = last_number + 1 returning last_number`.execute(trx)).rows[0]!.last_number;
        const placed = await trx
          .insertInto('orders')
          .values({ ...row, number })
          .returningAll()
          .executeTakeFirstOrThrow();
        await alongside(trx, placed);
        return placed;
      });
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findListedById(id: string): Promise<ListedOrderRow | undefined> {
      return withStock().where('orders.id', '=', id).executeTakeFirst();
    },

    listAll: (pageOf: Page) => page({}, pageOf),
    listByEmail: (email: string, pageOf: Page) => page({ email }, pageOf),

    /**
     * Cancels an order only while it is unpaid and open, running `alongside` with it as cancelled;
     * answers it, or undefined when it was paid or cancelled meanwhile. The order is kept.
     */
    async cancelUnpaid(id: string, reason: CancelReason, now: string, alongside: Alongside): Promise<OrderRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const cancelled = await trx
          .updateTable('orders')
          .set({ cancelled_at: now, cancel_reason: reason })
          .where('id', '=', id)
          .where('payment_status', '=', 'unpaid')
          .where('cancelled_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (cancelled) await alongside(trx, cancelled);
        return cancelled;
      });
    },

    /** Up to `limit` open unpaid orders placed before `cutoff`, oldest first (index `orders_expiry_idx`). */
    async findExpiring(cutoff: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('payment_status', '=', 'unpaid')
        .where('cancelled_at', 'is', null)
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Marks an order paid and takes its pieces from stock in one transaction: the order turns paid
     * only if it was unpaid and not cancelled, and the stock falls only if it covers the order. Two payments can never
     * take the same last pieces, nor pay one order twice. `alongside` runs only when this call made
     * the order paid, in the same transaction.
     */
    markPaid(id: string, transactionId: string, now: string, alongside?: Alongside): Promise<MarkPaidOutcome> {
      return db
        .transaction()
        .execute(async (trx): Promise<MarkPaidOutcome> => {
          const order = await trx
            .updateTable('orders')
            .set({ payment_status: 'paid', transaction_id: transactionId, paid_at: now, shipping_status: 'pending' })
            .where('id', '=', id)
            .where('payment_status', '=', 'unpaid')
            .where('cancelled_at', 'is', null)
            .returningAll()
            .executeTakeFirst();
          if (!order) {
            const seen = await trx.selectFrom('orders').select('cancelled_at').where('id', '=', id).executeTakeFirst();
            return seen?.cancelled_at ? 'cancelled' : 'not-unpaid';
          }
          if (!order.product_id) throw new Refused('product-gone');
          const taken = await trx
            .updateTable('products')
            .set((eb) => ({ avail_quantity: eb('avail_quantity', '-', order.quantity) }))
            .where('id', '=', order.product_id)
            .where('avail_quantity', '>=', order.quantity)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) === 0) throw new Refused('out-of-stock');
          await alongside?.(trx, order);
          return 'paid';
        })
        .catch((error: unknown) => {
          if (error instanceof Refused) return error.outcome;
          throw error;
        });
    },

    /** Runs `alongside` in a transaction in which the order is paid by this transaction id; answers whether it was. */
    async whilePaidBy(id: string, transactionId: string, alongside: Alongside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', id)
          .where('payment_status', '=', 'paid')
          .where('transaction_id', '=', transactionId)
          .executeTakeFirst();
        if (!row) return false;
        await alongside(trx, row);
        return true;
      });
    },

    /** Undoes `markPaid` by this transaction: the order is unpaid again and its pieces back in stock. */
    async revertPayment(id: string, transactionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const reverted = await trx
          .updateTable('orders')
          .set({ payment_status: 'unpaid', transaction_id: null, paid_at: null, shipping_status: null })
          .where('id', '=', id)
          .where('transaction_id', '=', transactionId)
          .returning(['product_id', 'quantity'])
          .executeTakeFirst();
        if (!reverted?.product_id) return;
        await trx
          .updateTable('products')
          .set((eb) => ({ avail_quantity: eb('avail_quantity', '+', reverted.quantity) }))
          .where('id', '=', reverted.product_id)
          .execute();
      });
    },

    /**
     * Moves a paid order one shipping step on, only from the status it was seen in, running
     * `alongside` with the moved order; answers it, or undefined when it had changed meanwhile.
     */
    async advanceShipping(id: string, from: OrderRow['shipping_status'], to: OrderRow['shipping_status'], alongside: Alongside): Promise<OrderRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('orders')
          .set({ shipping_status: to })
          .where('id', '=', id)
          .where('payment_status', '=', 'paid')
          .where('shipping_status', '=', from)
          .returningAll()
          .executeTakeFirst();
        if (moved) await alongside(trx, moved);
        return moved;
      });
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
