import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrdersTable } from '../../db/schema.ts';

export type OrderRow = OrdersTable;
export type NewOrderRow = Insertable<OrdersTable>;

/** How marking an order paid went. */
export type MarkPaidOutcome = 'paid' | 'already-paid' | 'out-of-stock' | 'product-gone';

interface Page {
  limit: number;
  offset: number;
}

export function createOrderRepository(db: Database) {
  async function page(where: { email?: string }, { limit, offset }: Page): Promise<{ rows: OrderRow[]; total: number }> {
    let query = db.selectFrom('orders');
    if (where.email !== undefined) query = query.where('email', '=', where.email);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  return {
    async insert(row: NewOrderRow): Promise<void> {
      await db.insertInto('orders').values(row).execute();
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listAll: (pageOf: Page) => page({}, pageOf),
    listByEmail: (email: string, pageOf: Page) => page({ email }, pageOf),

    /** Deletes an order only while it is unpaid; answers how many were deleted (0 or 1). */
    async deleteUnpaid(id: string): Promise<number> {
      const result = await db.deleteFrom('orders').where('id', '=', id).where('payment_status', '=', 'unpaid').executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Marks an order paid and takes its pieces from stock in one transaction: the stock falls only
     * if it covers the order, and the order turns paid only if it was unpaid. Two payments can never
     * take the same last pieces, nor pay one order twice.
     */
    markPaid(order: { id: string; productId: string | null; quantity: number }, transactionId: string, now: string): Promise<MarkPaidOutcome> {
      const { productId } = order;
      if (!productId) return Promise.resolve('product-gone');
      return db.transaction().execute(async (trx) => {
        const paid = await trx
          .updateTable('orders')
          .set({ payment_status: 'paid', transaction_id: transactionId, paid_at: now, shipping_status: 'pending' })
          .where('id', '=', order.id)
          .where('payment_status', '=', 'unpaid')
          .executeTakeFirst();
        if (Number(paid.numUpdatedRows) === 0) return 'already-paid';
        const taken = await trx
          .updateTable('products')
          .set((eb) => ({ avail_quantity: eb('avail_quantity', '-', order.quantity) }))
          .where('id', '=', productId)
          .where('avail_quantity', '>=', order.quantity)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) {
          // Throwing rolls the order back to unpaid.
          throw new OutOfStock();
        }
        return 'paid';
      }).catch((error: unknown) => {
        if (error instanceof OutOfStock) return 'out-of-stock';
        throw error;
      });
    },

    /** Undoes `markPaid` when the processor would not take the money after all. */
    async revertPayment(order: { id: string; productId: string | null; quantity: number }, transactionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const reverted = await trx
          .updateTable('orders')
          .set({ payment_status: 'unpaid', transaction_id: null, paid_at: null, shipping_status: null })
          .where('id', '=', order.id)
          .where('transaction_id', '=', transactionId)
          .executeTakeFirst();
        if (Number(reverted.numUpdatedRows) === 0 || !order.productId) return;
        await trx
          .updateTable('products')
          .set((eb) => ({ avail_quantity: eb('avail_quantity', '+', order.quantity) }))
          .where('id', '=', order.productId)
          .execute();
      });
    },

    /** Moves a paid order one shipping step on, only from the status it was seen in. */
    async advanceShipping(id: string, from: OrderRow['shipping_status'], to: OrderRow['shipping_status']): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ shipping_status: to })
        .where('id', '=', id)
        .where('payment_status', '=', 'paid')
        .where('shipping_status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

class OutOfStock extends Error {}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
