import { type ExpressionBuilder, type Expression, type Insertable, type Selectable, type SelectQueryBuilder, type SqlBool, type Updateable, sql } from 'kysely';
import type { OrderListStage } from '../../../common/schemas/orders.ts';
import type { CancelReason } from '../../../common/ordering.ts';
import { cappedCount } from '../../db/capped-count.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { whileHolding } from '../../db/row-lock.ts';
import { type KeysetPage, newestFirstPage } from '../../db/keyset-page.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import type { DatabaseSchema, OrderCountsTable, OrdersTable, RefundsTable } from '../../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;
/** An order as read for showing it: with its product's stock now (null once the product is deleted). */
export type ListedOrderRow = OrderRow & { product_stock: number | null };
export type NewOrderRow = Omit<Insertable<OrdersTable>, 'number' | 'refunded_cents' | 'restocked_quantity'>;
export type RefundRow = Selectable<RefundsTable>;

/**
 * How recording a refund made at the processor went: recorded, a duplicate of one recorded already
 * (the same processor refund), or more than is left to refund of a paid order.
 */
export type AddRefundOutcome = { outcome: 'recorded'; order: OrderRow; refund: RefundRow } | { outcome: 'duplicate' } | { outcome: 'exceeds' };

/** One shipping step: the new status, and when (and for shipped, by whom and under which number) it was taken. */
export type ShippingStep = Pick<Updateable<OrdersTable>, 'shipping_status' | 'shipped_at' | 'carrier' | 'tracking_number' | 'delivered_at'>;

/** How marking an order paid went: `not-unpaid` when it was paid already, or is gone; `cancelled` when it was cancelled. */
export type MarkPaidOutcome = 'paid' | 'not-unpaid' | 'cancelled' | 'out-of-stock' | 'product-gone';

/** Work done in the transaction of a change, with the order as the change left it. */
export type Alongside = (transaction: Database, row: OrderRow) => Promise<void>;

/** Work done in the transaction that records a refund made, with the order and the refund as recorded. */
export type RefundAlongside = (transaction: Database, order: OrderRow, refund: RefundRow) => Promise<void>;

/** The payment that pays an order: the processor's id, and the card where the processor tells it. */
export interface PaidBy {
  transactionId: string;
  card?: { brand: string; last4: string } | undefined;
}

type Page = KeysetPage;

/** A page of orders and how many match: exactly, or (`capped`) at least that many. */
export interface OrderPage {
  rows: ListedOrderRow[];
  total: number;
  capped: boolean;
}

/** Each stage's kept count (migration 018), and all orders' for no stage. */
const keptCountColumns = {
  all: 'all_orders',
  unpaid: 'unpaid',
  'to-ship': 'to_ship',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
} as const satisfies Record<OrderListStage | 'all', keyof OrderCountsTable>;

/**
 * How recording a made refund went: recorded now, recorded already (`settled`), or (`exceeds`) no
 * longer within what is left of the price, when the shop had given it up and another took its room.
 */
export type CompleteRefundOutcome = { outcome: 'recorded'; order: OrderRow; refund: RefundRow } | { outcome: 'settled' } | { outcome: 'exceeds' };

/** Thrown inside the recording transaction to roll it back when a made refund no longer fits. */
class RefundNoLongerFits extends Error {}

/** Thrown inside a transaction to roll it back, then turned into the outcome it stands for. */
class Refused extends Error {
  constructor(readonly outcome: MarkPaidOutcome) {
    super(outcome);
  }
}

/** What the admin's list is narrowed to: a stage, and an order number or part of an e-mail or name. */
export interface OrderFilter {
  stage?: OrderListStage | undefined;
  number?: number | undefined;
  text?: string | undefined;
}

type OrdersExpression = ExpressionBuilder<DatabaseSchema, 'orders'>;

/**
 * Each stage's condition, with literal values: written exactly as the partial indexes of migration
 * 009 are, so that SQLite and PostgreSQL both see that the index covers the query.
 */
const stageConditions: Record<OrderListStage, (eb: OrdersExpression) => Expression<SqlBool>> = {
  unpaid: (eb) => eb.and([eb('payment_status', '=', sql.lit('unpaid')), eb('cancelled_at', 'is', null)]),
  'to-ship': (eb) => eb.and([eb('shipping_status', '=', sql.lit('pending')), eb('cancelled_at', 'is', null)]),
  shipped: (eb) => eb.and([eb('shipping_status', '=', sql.lit('shipped')), eb('cancelled_at', 'is', null)]),
  delivered: (eb) => eb.and([eb('shipping_status', '=', sql.lit('delivered')), eb('cancelled_at', 'is', null)]),
  cancelled: (eb) => eb('cancelled_at', 'is not', null),
  refunded: (eb) => eb('refunded_cents', '>', sql.lit(0)),
};

export function createOrderRepository(db: Database) {
  /**
   * The orders with their products' stock now, read in one query for the whole page (not one per
   * order): a list shows which unpaid ones cannot be paid any more.
   */
  async function withStock(rows: OrderRow[]): Promise<ListedOrderRow[]> {
    const productIds = [...new Set(rows.flatMap((row) => (row.product_id ? [row.product_id] : [])))];
    const products = productIds.length === 0 ? [] : await db.selectFrom('products').select(['id', 'avail_quantity']).where('id', 'in', productIds).execute();
    const stock = new Map(products.map((product) => [product.id, product.avail_quantity]));
    return rows.map((row) => ({ ...row, product_stock: row.product_id === null ? null : (stock.get(row.product_id) ?? null) }));
  }

  /**
   * After a refund: an order given back its whole price before it was sent has nothing to send, and
   * leaves "To ship" (ADR 029). Answers the order as it is now.
   */
  async function endShippingIfRefunded(transaction: Database, order: OrderRow): Promise<OrderRow> {
    if (order.shipping_status !== 'pending' || order.refunded_cents < order.price_cents) return order;
    return transaction.updateTable('orders').set({ shipping_status: 'refunded' }).where('id', '=', order.id).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Runs `work` in a transaction that holds the order's row, with the order as it is once held:
   * the refunds of one order queue here, whatever their keys, so that what is left to refund is
   * read and reserved with nothing committing in between. Undefined when there is no such order.
   */
  async function withOrderHeld<T>(id: string, work: (transaction: Database, order: OrderRow) => Promise<T>): Promise<T | undefined> {
    return whileHolding(db, 'orders', id, async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      return order && work(trx, order);
    });
  }

  /** What the order's pending refunds hold back until the processor answers: cents, and pieces to return to stock. */
  async function heldBack(transaction: Database, orderId: string): Promise<{ cents: number; pieces: number }> {
    const row = await transaction
      .selectFrom('refunds')
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'), eb.fn.coalesce(eb.fn.sum<number>('restocked_quantity'), eb.lit(0)).as('pieces')])
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { cents: Number(row.cents), pieces: Number(row.pieces) };
  }

  /** How many orders match: kept by the database for a stage or none, capped for a search by text. */
  async function countMatching(where: OrderFilter & { email?: string }, matching: SelectQueryBuilder<DatabaseSchema, 'orders', object>) {
    if (where.email === undefined && where.number === undefined && !where.text) {
      const column = keptCountColumns[where.stage ?? 'all'];
      const kept = await db.selectFrom('order_counts').select(column).where('id', '=', 1).executeTakeFirstOrThrow();
      return { total: Number(kept[column]), capped: false };
    }
    if (where.text) return cappedCount(db, matching);
    const row = await matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { total: Number(row.total), capped: false };
  }

  /** A page newest first (by keyset or offset), with how many orders match. */
  async function page(where: OrderFilter & { email?: string }, pageOf: Page): Promise<OrderPage> {
    let query = db.selectFrom('orders');
    if (where.email !== undefined) query = query.where('email', '=', where.email);
    if (where.stage) query = query.where(stageConditions[where.stage]);
    if (where.number !== undefined) query = query.where('number', '=', where.number);
    if (where.text) {
      const pattern = containsPattern(where.text);
      query = query.where((eb) =>
        eb.or([sql<SqlBool>`lower(email) like ${pattern} escape '\\'`, sql<SqlBool>`lower(customer_name) like ${pattern} escape '\\'`]),
      );
    }
    const [listed, count] = await Promise.all([newestFirstPage(query.selectAll(), pageOf).then(withStock), countMatching(where, query)]);
    return { rows: listed, ...count };
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

    /** Whether this account has a paid order of this product (through `orders_user_id_created_at_idx`). */
    async hasPaidOrder(userId: string, productId: string): Promise<boolean> {
      const found = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('payment_status', '=', 'paid')
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findListedById(id: string): Promise<ListedOrderRow | undefined> {
      const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      return row && (await withStock([row]))[0];
    },

    /** The order's refunds made or on their way (not those the processor refused), oldest first (by the index on order and time). */
    refundsOf(orderId: string): Promise<RefundRow[]> {
      return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('status', '!=', 'failed').orderBy('created_at').orderBy('id').execute();
    },

    /** Every order matching the filter, newest first. */
    listAll: (filter: OrderFilter, pageOf: Page) => page(filter, pageOf),
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

    /** Up to `limit` open unpaid orders placed before `cutoff`, oldest first (the unpaid stage's index, `orders_unpaid_idx`). */
    async findExpiring(cutoff: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where(stageConditions.unpaid)
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
    markPaid(id: string, payment: PaidBy, now: string, alongside?: Alongside): Promise<MarkPaidOutcome> {
      return db
        .transaction()
        .execute(async (trx): Promise<MarkPaidOutcome> => {
          const order = await trx
            .updateTable('orders')
            .set({
              payment_status: 'paid',
              transaction_id: payment.transactionId,
              card_brand: payment.card?.brand ?? null,
              card_last4: payment.card?.last4 ?? null,
              paid_at: now,
              shipping_status: 'pending',
            })
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
          .set({ payment_status: 'unpaid', transaction_id: null, card_brand: null, card_last4: null, paid_at: null, shipping_status: null })
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

    /** The orders paid by one payment (`orders_transaction_id_idx`): one, or the lines of a checkout, by line. */
    findByTransactionId(transactionId: string): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('transaction_id', '=', transactionId).orderBy('checkout_line').execute();
    },

    findRefundByKey(idempotencyKey: string, on: Database = db): Promise<RefundRow | undefined> {
      return on.selectFrom('refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    withOrderHeld,
    heldBack,

    /** Reserves a refund (its row, pending); undefined when its idempotency key was taken meanwhile (for another order). */
    insertPendingRefund(transaction: Database, refund: Omit<RefundRow, 'status' | 'gateway_refund_id'>): Promise<RefundRow | undefined> {
      return transaction
        .insertInto('refunds')
        .values({ ...refund, gateway_refund_id: null, status: 'pending' })
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    findRefund(id: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * A refund the processor has made: it succeeds under the processor's id, the order's refunded
     * total rises by it, and its pieces go back in stock (none once the product is gone, and never
     * more than are out), then `alongside` runs with both, in one transaction that holds the order's
     * row. A refund the shop had marked failed (the processor said no, then made it after all) is
     * recorded too, if it fits what is left of the price. `settled` when it was recorded made already:
     * a refund is recorded once. `exceeds` when it no longer fits: the two records disagree.
     */
    async completeRefund(id: string, gatewayRefundId: string, alongside: RefundAlongside): Promise<CompleteRefundOutcome> {
      const reserved = await db.selectFrom('refunds').select(['order_id', 'status']).where('id', '=', id).executeTakeFirst();
      if (!reserved || reserved.status === 'succeeded') return { outcome: 'settled' };
      const outcome = await whileHolding(db, 'orders', reserved.order_id, async (trx): Promise<CompleteRefundOutcome> => {
        const made = await trx
          .updateTable('refunds')
          .set({ status: 'succeeded', gateway_refund_id: gatewayRefundId })
          .where('id', '=', id)
          .where('status', 'in', ['pending', 'failed'])
          .returningAll()
          .executeTakeFirst();
        if (!made) return { outcome: 'settled' };
        const before = await trx.selectFrom('orders').select(['product_id', 'quantity', 'restocked_quantity']).where('id', '=', made.order_id).executeTakeFirstOrThrow();
        const pieces = before.product_id ? Math.min(made.restocked_quantity, before.quantity - before.restocked_quantity) : 0;
        const raised = await trx
          .updateTable('orders')
          .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', made.amount_cents), restocked_quantity: eb('restocked_quantity', '+', pieces) }))
          .where('id', '=', made.order_id)
          .where((eb) => eb(eb('refunded_cents', '+', made.amount_cents), '<=', eb.ref('price_cents')))
          .returningAll()
          .executeTakeFirst();
        if (!raised) throw new RefundNoLongerFits();
        const order = await endShippingIfRefunded(trx, raised);
        if (pieces > 0) {
          await trx
            .updateTable('products')
            .set((eb) => ({ avail_quantity: eb('avail_quantity', '+', pieces) }))
            .where('id', '=', before.product_id!)
            .execute();
        }
        // Fewer pieces went back than were held: the product was deleted meanwhile.
        const refund = pieces === made.restocked_quantity ? made : await trx.updateTable('refunds').set({ restocked_quantity: pieces }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await alongside(trx, order, refund);
        return { outcome: 'recorded', order, refund };
      }).catch((error: unknown) => {
        if (error instanceof RefundNoLongerFits) return { outcome: 'exceeds' } as const;
        throw error;
      });
      return outcome ?? { outcome: 'settled' };
    },

    /**
     * A pending refund the processor refused: failed, holding nothing back any more. Its key is
     * freed (kept on the row with the refund's id after it), so that a request corrected after the
     * refusal, which the refund form sends under the same key, is a refund of its own.
     */
    async failRefund(id: string): Promise<RefundRow | undefined> {
      return db
        .updateTable('refunds')
        .set((eb) => ({ status: 'failed', idempotency_key: sql<string>`${eb.ref('idempotency_key')} || ${`:failed:${id}`}` }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Records a refund made at the processor without the shop (Stripe's dashboard), holding the
     * order's row: once per processor refund id, and only while it stays within what is left of the
     * price. No pieces go back to stock.
     */
    async addProcessorRefund(refund: Omit<RefundRow, 'status' | 'restocked_quantity'>, alongside: RefundAlongside): Promise<AddRefundOutcome> {
      const outcome = await withOrderHeld(refund.order_id, async (trx, order): Promise<AddRefundOutcome> => {
        const known = await trx.selectFrom('refunds').select('id').where('gateway_refund_id', '=', refund.gateway_refund_id).executeTakeFirst();
        if (known) return { outcome: 'duplicate' };
        // The processor has given this money back already: it counts against the price, not against the
        // shop's pending holds (one of which may yet be refused).
        if (order.payment_status !== 'paid' || order.refunded_cents + refund.amount_cents > order.price_cents) return { outcome: 'exceeds' };
        const inserted = await trx
          .insertInto('refunds')
          .values({ ...refund, restocked_quantity: 0, status: 'succeeded' })
          .onConflict((conflict) => conflict.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!inserted) return { outcome: 'duplicate' };
        const raised = await trx
          .updateTable('orders')
          .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', refund.amount_cents) }))
          .where('id', '=', order.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const updated = await endShippingIfRefunded(trx, raised);
        await alongside(trx, updated, inserted);
        return { outcome: 'recorded', order: updated, refund: inserted };
      });
      return outcome ?? { outcome: 'exceeds' };
    },

    /**
     * Moves a paid order one shipping step on, only from the status it was seen in, with the step's
     * time and details, running `alongside` with the moved order; answers it, or undefined when it had
     * changed meanwhile.
     */
    async advanceShipping(id: string, from: OrderRow['shipping_status'], step: ShippingStep, alongside: Alongside): Promise<OrderRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('orders')
          .set(step)
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
