import { type ExpressionBuilder, type Expression, type Insertable, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { OrderListStage } from '../../../common/schemas/orders.ts';
import { type CancelReason, piecesToShip } from '../../../common/ordering.ts';
import { cappedCount } from '../../db/capped-count.ts';
import type { Database } from '../../db/database.ts';
import { refreshProducts, returnVariantStock, takeVariantStock } from '../../db/variant-stock.ts';
import { isPostgres } from '../../db/dialect.ts';
import { whileHolding } from '../../db/row-lock.ts';
import { type KeysetPage, newestFirstPageQuery } from '../../db/keyset-page.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { shippingColumnNames } from './shipping-address.ts';
import { chosenOrdersWithLines, linesAsJson, orderWithLines, withParsedLines } from './whole-order-repository.ts';
import type { ListPlace } from '../../../common/pagination.ts';
import type { DatabaseSchema, OrderCountsTable, OrderLinesTable, OrderNotesTable, OrdersTable, RefundLinesTable, RefundsTable, ShipmentsTable } from '../../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
/** A line as read for showing its order: with its product's stock now (null once the product is deleted). */
export type ListedLineRow = OrderLineRow & { product_stock: number | null };
/** An order as read for showing it: the header and its lines, in the cart's order. */
export type ListedOrderRow = OrderRow & { lines: ListedLineRow[] };
export type NewOrderRow = Omit<Insertable<OrdersTable>, 'number' | 'refunded_cents' | 'restocked_quantity' | 'shipped_quantity'>;
export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'order_id' | 'shipped_quantity' | 'refunded_quantity' | 'restocked_quantity'>;
export type RefundRow = Selectable<RefundsTable>;
export type RefundLineRow = Selectable<RefundLinesTable>;
export type ShipmentRow = Selectable<ShipmentsTable>;
export type OrderNoteRow = Selectable<OrderNotesTable>;
/** A shipment with the pieces of each line it holds. */
export type ShipmentWithLines = ShipmentRow & { lines: { line_id: string; product: string; quantity: number }[] };

/**
 * How recording a refund made at the processor went: recorded, a duplicate of one recorded already
 * (the same processor refund), or more than is left to refund of a paid order.
 */
export type AddRefundOutcome = { outcome: 'recorded'; order: OrderRow; refund: RefundRow } | { outcome: 'duplicate' } | { outcome: 'exceeds' };

/**
 * How marking an order paid went: `not-unpaid` when it was paid already, or is gone; `cancelled` when
 * it was cancelled; or refused because of one line (named): too few pieces left, or no longer sold.
 */
export type MarkPaidOutcome = { outcome: 'paid' | 'not-unpaid' | 'cancelled' } | { outcome: 'out-of-stock' | 'product-gone'; product: string };

/** Work done in the transaction of a change, with the order as the change left it. */
export type Alongside = (transaction: Database, row: OrderRow) => Promise<void>;
/**
 * Work done in the transaction of a change, with the order as the change left it and its lines as that
 * transaction wrote them (placing) or its write answered them (paying, recording the capture).
 */
export type LinesAlongside = (transaction: Database, row: OrderRow, lines: OrderLineRow[]) => Promise<void>;

/** Work done in the transaction that records a refund made, with the order and the refund as recorded. */
export type RefundAlongside = (transaction: Database, order: OrderRow, refund: RefundRow) => Promise<void>;

/** Work done in the transaction that records a shipment, with the order as it left it and the shipment. */
export type ShipmentAlongside = (transaction: Database, order: OrderRow, shipment: ShipmentWithLines) => Promise<void>;

/** Pieces of one line, for a shipment or a refund. */
export interface LinePieces {
  lineId: string;
  quantity: number;
}

/** A refund's pieces of one line: how many it pays back, and how many of those go back to stock. */
export interface RefundedPieces extends LinePieces {
  restock: number;
}

/**
 * How recording a shipment went: recorded; or refused because the order is not paid or has nothing
 * left to send (`not-shippable`, with its shipping status), a named line is not the order's, or asks
 * for more pieces than are left to send of it (`too-many`, with the line and what is left).
 */
export type AddShipmentOutcome =
  | { outcome: 'recorded'; order: OrderRow; shipment: ShipmentWithLines }
  | { outcome: 'not-shippable'; status: OrderRow['shipping_status'] | 'unpaid' }
  | { outcome: 'nothing-left' }
  | { outcome: 'unknown-line'; lineId: string }
  | { outcome: 'too-many'; product: string; left: number };

/** What the order's pending refunds hold back until the processor answers: cents, and per line the pieces paid back and to be restocked. */
export interface HeldBack {
  cents: number;
  lines: Map<string, { quantity: number; restock: number }>;
}

/** The pieces of a line still to send: neither shipped, nor paid back, nor held by a pending refund. */
export function piecesLeftToShip(line: OrderLineRow, held?: HeldBack): number {
  // The shop's one rule (common/ordering.ts), with the pieces a pending refund holds counted as paid back.
  return piecesToShip({
    quantity: line.quantity,
    shippedQuantity: line.shipped_quantity,
    refundedQuantity: line.refunded_quantity + (held?.lines.get(line.id)?.quantity ?? 0),
  });
}

/** The payment that pays an order: the processor's id, and the card where the processor tells it. */
export interface PaidBy {
  transactionId: string;
  card?: { brand: string; last4: string } | undefined;
  /** Whether the processor has taken the money already: then the order is recorded captured (announced paid) as it is marked paid. */
  captured: boolean;
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

/** Thrown inside the paying transaction to roll it back, then answered as the line that refused it. */
class LineRefused extends Error {
  constructor(
    readonly outcome: 'out-of-stock' | 'product-gone',
    readonly product: string,
  ) {
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
  async function linesOf(transaction: Database, orderId: string): Promise<OrderLineRow[]> {
    return transaction.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line').execute();
  }

  /**
   * After a refund or a shipment: an order with nothing left to send (every piece sent or paid back,
   * or its whole price given back) leaves "To ship" (ADR 029): shipped when some pieces went, else
   * refunded, with nothing to ship. Answers the order as it is now.
   */
  async function endShippingIfNothingLeft(transaction: Database, order: OrderRow): Promise<OrderRow> {
    if (order.shipping_status !== 'pending') return order;
    const wholePriceBack = order.refunded_cents >= order.price_cents;
    if (!wholePriceBack) {
      const [lines, held] = await Promise.all([linesOf(transaction, order.id), heldBack(transaction, order.id)]);
      if (lines.some((line) => piecesLeftToShip(line, held) > 0)) return order;
    }
    return transaction
      .updateTable('orders')
      .set({ shipping_status: order.shipped_quantity > 0 ? 'shipped' : 'refunded' })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
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

  /**
   * Places an order with its lines in the caller's transaction, giving it the next order number;
   * answers both as stored, the lines as their insert wrote them rather than read again.
   */
  async function insertIn(transaction: Database, row: NewOrderRow, lines: readonly NewOrderLine[]): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
    const number = isPostgres(db)
      ? sql<number>`nextval('order_number_seq')`
      : (await sql<{ last_number: number }>`update order_number_counter set last_number = last_number + 1 returning last_number`.execute(transaction)).rows[0]!.last_number;
    const order = await transaction
      .insertInto('orders')
      .values({ ...row, number })
      .returningAll()
      .executeTakeFirstOrThrow();
    const written = await transaction
      .insertInto('order_lines')
      .values(lines.map((line) => ({ ...line, order_id: order.id })))
      .returningAll()
      .execute();
    return { order, lines: written.toSorted((a, b) => a.line - b.line) };
  }

  /** Cancels an order in the caller's transaction, only while it is unpaid and open; undefined when it was paid or cancelled meanwhile. */
  function cancelUnpaidIn(transaction: Database, id: string, reason: CancelReason, now: string): Promise<OrderRow | undefined> {
    return transaction
      .updateTable('orders')
      .set({ cancelled_at: now, cancel_reason: reason })
      .where('id', '=', id)
      .where('payment_status', '=', 'unpaid')
      .where('cancelled_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** What the order's pending refunds hold back until the processor answers: cents, and per line the pieces paid back and to be restocked. */
  async function heldBack(transaction: Database, orderId: string): Promise<HeldBack> {
    const [money, pieces] = await Promise.all([
      transaction
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      transaction
        .selectFrom('refund_lines')
        .innerJoin('refunds', 'refunds.id', 'refund_lines.refund_id')
        .select((eb) => ['refund_lines.line_id', eb.fn.sum<number>('refund_lines.quantity').as('quantity'), eb.fn.sum<number>('refund_lines.restock').as('restock')])
        .where('refunds.order_id', '=', orderId)
        .where('refunds.status', '=', 'pending')
        .groupBy('refund_lines.line_id')
        .execute(),
    ]);
    return { cents: Number(money.cents), lines: new Map(pieces.map((row) => [row.line_id, { quantity: Number(row.quantity), restock: Number(row.restock) }])) };
  }

  /** How many orders match: kept by the database for a stage or none, capped for a search by text. */
  async function countMatching(where: OrderFilter & { email?: string; userId?: string }, matching: SelectQueryBuilder<DatabaseSchema, 'orders', object>) {
    if (where.email === undefined && where.userId === undefined && where.number === undefined && !where.text) {
      const column = keptCountColumns[where.stage ?? 'all'];
      const kept = await db.selectFrom('order_counts').select(column).where('id', '=', 1).executeTakeFirstOrThrow();
      return { total: Number(kept[column]), capped: false };
    }
    if (where.text) return cappedCount(db, matching);
    const row = await matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { total: Number(row.total), capped: false };
  }

  /** The orders the filter matches, unordered. */
  function matching(where: OrderFilter & { email?: string; userId?: string }) {
    let query = db.selectFrom('orders');
    if (where.email !== undefined) query = query.where('email', '=', where.email);
    if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
    if (where.stage) query = query.where(stageConditions[where.stage]);
    if (where.number !== undefined) query = query.where('number', '=', where.number);
    if (where.text) {
      const pattern = containsPattern(where.text);
      query = query.where((eb) => eb.or([sql<SqlBool>`lower(email) like ${pattern} escape '\\'`, sql<SqlBool>`lower(customer_name) like ${pattern} escape '\\'`]));
    }
    return query;
  }

  /** A page newest first (by keyset or offset), with how many orders match. */
  async function page(where: OrderFilter & { email?: string; userId?: string }, pageOf: Page): Promise<OrderPage> {
    const query = matching(where);
    const [listed, count] = await Promise.all([chosenOrdersWithLines(db, newestFirstPageQuery(query.selectAll(), pageOf)), countMatching(where, query)]);
    return { rows: listed, ...count };
  }

  return {
    /** Places an order with its lines, giving it the next order number; answers it as stored, and hands `alongside` its lines as written. */
    async insert(row: NewOrderRow, lines: readonly NewOrderLine[], alongside: LinesAlongside): Promise<OrderRow> {
      return db.transaction().execute(async (trx) => {
        const placed = await insertIn(trx, row, lines);
        await alongside(trx, placed.order, placed.lines);
        return placed.order;
      });
    },

    insertIn,

    /**
     * Joins to an account the guest orders placed with its address, once the account has proved it is
     * the address's (confirmed): found through `orders_guest_email_idx`. Answers how many joined.
     */
    async claimGuestOrders(userId: string): Promise<number> {
      const confirmed = isPostgres(db) ? sql<boolean>`true` : sql<number>`1`;
      const claimed = await db
        .updateTable('orders')
        .set({ user_id: userId })
        .where('is_guest', '=', 1)
        .where('user_id', 'is', null)
        .where('email', '=', (eb) => eb.selectFrom('user').select('user.email').where('user.id', '=', userId).where('user.emailVerified', '=', confirmed))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows);
    },

    /** Whether this account has a paid order with a line of this product (through `orders_user_id_created_at_idx` and the lines' order index). */
    async hasPaidOrder(userId: string, productId: string): Promise<boolean> {
      const found = await db
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .select('orders.id')
        .where('orders.user_id', '=', userId)
        .where('order_lines.product_id', '=', productId)
        .where('orders.payment_status', '=', 'paid')
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The orders with these numbers (at most a few hundred), with whether each was cancelled, by the unique index on the number. */
    findByNumbers(numbers: readonly number[]): Promise<Pick<OrderRow, 'id' | 'number' | 'cancelled_at'>[]> {
      if (numbers.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('orders')
        .select(['id', 'number', 'cancelled_at'])
        .where('number', 'in', [...numbers])
        .execute();
    },

    /** The order whole, with its lines, in one statement. */
    findListedById: (id: string): Promise<ListedOrderRow | undefined> => orderWithLines(db, id),

    /** The order's lines, in the transaction given (one that changes the order, to announce it whole). */
    linesOf,

    /** Whether the order has been cancelled: one column, for a check made after each payment is started. */
    async isCancelled(id: string): Promise<boolean> {
      const row = await db.selectFrom('orders').select('cancelled_at').where('id', '=', id).executeTakeFirst();
      return Boolean(row?.cancelled_at);
    },

    /** The order's refunds made or on their way (not those the processor refused), oldest first (by the index on order and time). */
    refundsOf(orderId: string): Promise<RefundRow[]> {
      return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('status', '!=', 'failed').orderBy('created_at').orderBy('id').execute();
    },

    /** The lines of the order's refunds by line, for its page. */
    refundLinesOf(orderId: string): Promise<RefundLineRow[]> {
      return db.selectFrom('refund_lines').innerJoin('refunds', 'refunds.id', 'refund_lines.refund_id').selectAll('refund_lines').where('refunds.order_id', '=', orderId).execute();
    },

    /** The order's shipments, oldest first, with what each held. */
    async shipmentsOf(orderId: string): Promise<ShipmentWithLines[]> {
      const [shipments, pieces] = await Promise.all([
        db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute(),
        db
          .selectFrom('shipment_lines')
          .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
          .innerJoin('order_lines', 'order_lines.id', 'shipment_lines.line_id')
          .select(['shipment_lines.shipment_id', 'shipment_lines.line_id', 'order_lines.product', 'shipment_lines.quantity', 'order_lines.line'])
          .where('shipments.order_id', '=', orderId)
          .orderBy('order_lines.line')
          .execute(),
      ]);
      return shipments.map((shipment) => ({
        ...shipment,
        lines: pieces.filter((piece) => piece.shipment_id === shipment.id).map(({ line_id, product, quantity }) => ({ line_id, product, quantity })),
      }));
    },

    /** Every order matching the filter, newest first. */
    listAll: (filter: OrderFilter, pageOf: Page) => page(filter, pageOf),

    /**
     * Up to `limit` orders of the filter just older than a place (from the newest without one), with
     * their lines: the CSV export reads the list in such batches, each sought on the list's index from
     * where the last ended, so a long list is never read whole nor walked again from its start.
     */
    async exportBatch(filter: OrderFilter, after: ListPlace | undefined, limit: number): Promise<ListedOrderRow[]> {
      return chosenOrdersWithLines(db, newestFirstPageQuery(matching(filter).selectAll(), { limit, offset: 0, after }));
    },

    /** An order's internal notes, newest first (`order_notes_order_created_idx`). */
    notesOf(orderId: string): Promise<OrderNoteRow[]> {
      return db.selectFrom('order_notes').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    /** Adds an internal note to an order; undefined when there is no such order. */
    async addNote(note: OrderNoteRow, alongside: (trx: Database, order: { number: number }) => Promise<void>): Promise<OrderNoteRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select(['id', 'number']).where('id', '=', note.order_id).executeTakeFirst();
        if (!order) return undefined;
        const added = await trx.insertInto('order_notes').values(note).returningAll().executeTakeFirstOrThrow();
        await alongside(trx, order);
        return added;
      });
    },
    listByEmail: (email: string, pageOf: Page) => page({ email }, pageOf),
    /** An account's own orders: those it placed, and the guest orders of its address that joined it once it was confirmed. */
    listByAccount: (userId: string, pageOf: Page) => page({ userId }, pageOf),

    /** The customer's newest order placed by the cart's checkout that is still open and unpaid, with its lines. */
    async lastOpenCartOrder(userId: string): Promise<ListedOrderRow | undefined> {
      const [newest] = await chosenOrdersWithLines(
        db,
        db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('placed_from_cart', '=', 1).where(stageConditions.unpaid).orderBy('created_at', 'desc').limit(1),
      );
      return newest;
    },

    /** The phone and address of the customer's last order, to fill the next checkout's form with. */
    lastDelivery(userId: string) {
      return db
        .selectFrom('orders')
        .select(['phone', ...shippingColumnNames])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Cancels an order only while it is unpaid and open, running `alongside` with it as cancelled;
     * answers it, or undefined when it was paid or cancelled meanwhile. The order is kept.
     */
    async cancelUnpaid(id: string, reason: CancelReason, now: string, alongside: Alongside): Promise<OrderRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const cancelled = await cancelUnpaidIn(trx, id, reason, now);
        if (cancelled) await alongside(trx, cancelled);
        return cancelled;
      });
    },

    cancelUnpaidIn,

    /** Up to `limit` open unpaid orders placed before `cutoff`, oldest first (the unpaid stage's index, `orders_unpaid_idx`). */
    async findExpiring(cutoff: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('orders').select('id').where(stageConditions.unpaid).where('created_at', '<', cutoff).orderBy('created_at').limit(limit).execute();
      return rows.map((row) => row.id);
    },

    /**
     * Marks an order paid and takes the pieces of every line from stock in one transaction, all or
     * nothing: the order turns paid only if it was unpaid and not cancelled, and each product's stock
     * falls only if it covers its line, products taken in id order so that two payments never lock
     * two products in opposite orders. A line short of stock, or no longer sold, refuses the whole
     * payment and names the line. Two payments can never take the same last pieces, nor pay one
     * order twice. `alongside` runs only when this call made the order paid, in the same transaction.
     */
    markPaid(id: string, payment: PaidBy, now: string, alongside?: LinesAlongside): Promise<MarkPaidOutcome> {
      return db
        .transaction()
        .execute(async (trx): Promise<MarkPaidOutcome> => {
          const marked = await trx
            .updateTable('orders')
            .set({
              payment_status: 'paid',
              transaction_id: payment.transactionId,
              card_brand: payment.card?.brand ?? null,
              card_last4: payment.card?.last4 ?? null,
              paid_at: now,
              captured_at: payment.captured ? now : null,
              shipping_status: 'pending',
            })
            .where('id', '=', id)
            .where('payment_status', '=', 'unpaid')
            .where('cancelled_at', 'is', null)
            .returningAll()
            // Its lines in the same statement: one round trip fewer while the order's row is held.
            .returning(linesAsJson(trx).as('lines'))
            .executeTakeFirst();
          if (!marked) {
            const seen = await trx.selectFrom('orders').select('cancelled_at').where('id', '=', id).executeTakeFirst();
            return { outcome: seen?.cancelled_at ? 'cancelled' : 'not-unpaid' };
          }
          const order = withParsedLines(marked);
          const { lines } = order;
          const gone = lines.find((line) => !line.variant_id);
          if (gone) throw new LineRefused('product-gone', gone.product);
          await alongside?.(trx, order, lines);
          // The stock last: on PostgreSQL a variant's row and its product's stay locked until the commit,
          // and every payment of a flash sale waits for them (issue 30), so nothing runs between them and it.
          for (const line of lines.toSorted(byVariant)) {
            if (await takeVariantStock(trx, line.variant_id!, line.quantity)) continue;
            // Nothing taken: short of stock, or the variant (or its whole product) was deleted since the order was placed.
            const stillSold = await trx.selectFrom('product_variants').select('id').where('id', '=', line.variant_id!).executeTakeFirst();
            throw new LineRefused(stillSold ? 'out-of-stock' : 'product-gone', line.product);
          }
          await refreshProducts(trx, productsOf(lines));
          return { outcome: 'paid' };
        })
        .catch((error: unknown) => {
          if (error instanceof LineRefused) return { outcome: error.outcome, product: error.product };
          throw error;
        });
    },

    /**
     * Records the money of the order's authorised payment taken, once: only while the order is paid by
     * this transaction id and not recorded captured yet, running `alongside` (the announcement) in the
     * same transaction, with the lines the write answered. The conditional write is what makes it once
     * when the request and the follow-up job (ADR 056) record it together: the second waits for the
     * first's row and then changes nothing. Answers whether this call recorded it.
     */
    async markCaptured(id: string, transactionId: string, now: string, alongside: LinesAlongside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('orders')
          .set({ captured_at: now })
          .where('id', '=', id)
          .where('payment_status', '=', 'paid')
          .where('transaction_id', '=', transactionId)
          .where('captured_at', 'is', null)
          .returningAll()
          .returning(linesAsJson(trx).as('lines'))
          .executeTakeFirst();
        if (!row) return false;
        const order = withParsedLines(row);
        await alongside(trx, order, order.lines);
        return true;
      });
    },

    /**
     * Orders marked paid before `paidBefore` whose capture is not recorded yet, oldest first: the ones a
     * stopped process left between the settlement and the capture (ADR 069), through the small partial
     * index `orders_awaiting_capture_idx`, which holds only such orders.
     */
    async findAwaitingCapture(paidBefore: string, limit: number): Promise<{ id: string; transactionId: string }[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'transaction_id'])
        // Written out, not sent as a value: a prepared statement's generic plan (ADR 066) can use a
        // partial index only when the query itself says what the index's condition says.
        .where('payment_status', '=', sql.lit('paid'))
        .where('captured_at', 'is', null)
        .where('paid_at', '<', paidBefore)
        .orderBy('paid_at')
        .limit(limit)
        .execute();
      return rows.flatMap((row) => (row.transaction_id ? [{ id: row.id, transactionId: row.transaction_id }] : []));
    },

    /** Whether the order is paid by this transaction id with its capture not recorded yet (ADR 056). */
    async awaitsCapture(id: string, transactionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('id', '=', id)
        .where('payment_status', '=', 'paid')
        .where('transaction_id', '=', transactionId)
        .where('captured_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Undoes `markPaid` by this transaction: the order is unpaid again and the pieces of its lines back
     * in stock. Never once its money is recorded taken (`captured_at`): a paid order announced stays paid.
     */
    async revertPayment(id: string, transactionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const reverted = await trx
          .updateTable('orders')
          .set({ payment_status: 'unpaid', transaction_id: null, card_brand: null, card_last4: null, paid_at: null, shipping_status: null })
          .where('id', '=', id)
          .where('transaction_id', '=', transactionId)
          .where('captured_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!reverted) return;
        const lines = await linesOf(trx, id);
        for (const line of lines.toSorted(byVariant)) if (line.variant_id) await returnVariantStock(trx, line.variant_id, line.quantity);
        await refreshProducts(trx, productsOf(lines));
      });
    },

    /** The order paid by one payment (`orders_transaction_id_idx`). */
    findByTransactionId(transactionId: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
    },

    findRefundByKey(idempotencyKey: string, on: Database = db): Promise<RefundRow | undefined> {
      return on.selectFrom('refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    withOrderHeld,
    heldBack,

    /**
     * Reserves a refund (its row, pending, and the pieces of each line it pays back); undefined when
     * its idempotency key was taken meanwhile (for another order).
     */
    async insertPendingRefund(transaction: Database, refund: Omit<RefundRow, 'status' | 'gateway_refund_id'>, pieces: readonly RefundedPieces[]): Promise<RefundRow | undefined> {
      const reserved = await transaction
        .insertInto('refunds')
        .values({ ...refund, gateway_refund_id: null, status: 'pending' })
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (reserved && pieces.length > 0) {
        await transaction
          .insertInto('refund_lines')
          .values(pieces.map((piece) => ({ refund_id: reserved.id, line_id: piece.lineId, quantity: piece.quantity, restock: piece.restock })))
          .execute();
      }
      return reserved;
    },

    /** The pieces of each line a refund pays back, as recorded. */
    async piecesOfRefund(transaction: Database, refundId: string): Promise<RefundedPieces[]> {
      const rows = await transaction.selectFrom('refund_lines').selectAll().where('refund_id', '=', refundId).execute();
      return rows.map((row) => ({ lineId: row.line_id, quantity: row.quantity, restock: row.restock }));
    },

    findRefund(id: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * A refund the processor has made: it succeeds under the processor's id, the order's refunded
     * total rises by it, each line's pieces it paid back are counted, and those to restock go back in
     * stock (none once the product is gone, and never more than are out), then `alongside` runs with
     * both, in one transaction that holds the order's row. A refund the shop had marked failed (the
     * processor said no, then made it after all) is recorded too, if it fits what is left of the
     * price. `settled` when it was recorded made already: a refund is recorded once. `exceeds` when
     * it no longer fits: the two records disagree.
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
        const restocked = await returnPieces(trx, made.id);
        const raised = await trx
          .updateTable('orders')
          .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', made.amount_cents), restocked_quantity: eb('restocked_quantity', '+', restocked) }))
          .where('id', '=', made.order_id)
          .where((eb) => eb(eb('refunded_cents', '+', made.amount_cents), '<=', eb.ref('price_cents')))
          .returningAll()
          .executeTakeFirst();
        if (!raised) throw new RefundNoLongerFits();
        const order = await endShippingIfNothingLeft(trx, raised);
        // Fewer pieces went back than were held: a product was deleted meanwhile.
        const refund =
          restocked === made.restocked_quantity
            ? made
            : await trx.updateTable('refunds').set({ restocked_quantity: restocked }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
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
        const updated = await endShippingIfNothingLeft(trx, raised);
        await alongside(trx, updated, inserted);
        return { outcome: 'recorded', order: updated, refund: inserted };
      });
      return outcome ?? { outcome: 'exceeds' };
    },

    /**
     * Records a parcel sent for a paid order, holding the order's row (so that shipments and refunds
     * of one order queue): the pieces named (all those left when none are), each at most what is
     * left to send of its line once refunds, made or pending, are counted. The order becomes shipped
     * when nothing is left to send. `alongside` runs with the order and the shipment in the same
     * transaction.
     */
    async addShipment(
      orderId: string,
      wanted: readonly LinePieces[] | undefined,
      shipment: Omit<ShipmentRow, 'order_id'>,
      alongside: ShipmentAlongside,
    ): Promise<AddShipmentOutcome | undefined> {
      return withOrderHeld(orderId, async (trx, order): Promise<AddShipmentOutcome> => {
        if (order.payment_status !== 'paid') return { outcome: 'not-shippable', status: 'unpaid' };
        if (order.shipping_status !== 'pending') return { outcome: 'not-shippable', status: order.shipping_status };
        const [lines, held] = await Promise.all([linesOf(trx, order.id), heldBack(trx, order.id)]);
        const byId = new Map(lines.map((line) => [line.id, line]));
        const pieces = wanted ?? lines.map((line) => ({ lineId: line.id, quantity: piecesLeftToShip(line, held) })).filter((piece) => piece.quantity > 0);
        if (pieces.length === 0) return { outcome: 'nothing-left' };
        for (const piece of pieces) {
          const line = byId.get(piece.lineId);
          if (!line) return { outcome: 'unknown-line', lineId: piece.lineId };
          const left = piecesLeftToShip(line, held);
          if (piece.quantity > left) return { outcome: 'too-many', product: line.product, left };
        }
        const sent = await trx
          .insertInto('shipments')
          .values({ ...shipment, order_id: order.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('shipment_lines')
          .values(pieces.map((piece) => ({ shipment_id: sent.id, line_id: piece.lineId, quantity: piece.quantity })))
          .execute();
        for (const piece of pieces) {
          await trx
            .updateTable('order_lines')
            .set((eb) => ({ shipped_quantity: eb('shipped_quantity', '+', piece.quantity) }))
            .where('id', '=', piece.lineId)
            .execute();
        }
        const total = pieces.reduce((sum, piece) => sum + piece.quantity, 0);
        const moved = await trx
          .updateTable('orders')
          .set((eb) => ({ shipped_quantity: eb('shipped_quantity', '+', total), shipped_at: sent.created_at, carrier: sent.carrier, tracking_number: sent.tracking_number }))
          .where('id', '=', order.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const updated = await endShippingIfNothingLeft(trx, moved);
        const withLines = { ...sent, lines: pieces.map((piece) => ({ line_id: piece.lineId, product: byId.get(piece.lineId)!.product, quantity: piece.quantity })) };
        await alongside(trx, updated, withLines);
        return { outcome: 'recorded', order: updated, shipment: withLines };
      });
    },

    /**
     * Marks a shipped order delivered, only from shipped, at that time, running `alongside` with it;
     * answers it, or undefined when it had changed meanwhile.
     */
    async markDelivered(id: string, now: string, alongside: Alongside): Promise<OrderRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('orders')
          .set({ shipping_status: 'delivered', delivered_at: now })
          .where('id', '=', id)
          .where('payment_status', '=', 'paid')
          .where('shipping_status', '=', 'shipped')
          .returningAll()
          .executeTakeFirst();
        if (moved) await alongside(trx, moved);
        return moved;
      });
    },
  };

  /**
   * The pieces a made refund paid back: counted on their lines, and those it restocks back in stock
   * (never more than are out, and none once the product is gone). Answers how many went back.
   */
  async function returnPieces(transaction: Database, refundId: string): Promise<number> {
    const pieces = await transaction
      .selectFrom('refund_lines')
      .innerJoin('order_lines', 'order_lines.id', 'refund_lines.line_id')
      .select([
        'refund_lines.line_id',
        'refund_lines.quantity',
        'refund_lines.restock',
        'order_lines.product_id',
        'order_lines.variant_id',
        'order_lines.quantity as bought',
        'order_lines.restocked_quantity',
      ])
      .where('refund_lines.refund_id', '=', refundId)
      .orderBy('order_lines.variant_id')
      .execute();
    let restocked = 0;
    for (const piece of pieces) {
      const back = piece.variant_id ? Math.min(piece.restock, piece.bought - piece.restocked_quantity) : 0;
      await transaction
        .updateTable('order_lines')
        .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', piece.quantity), restocked_quantity: eb('restocked_quantity', '+', back) }))
        .where('id', '=', piece.line_id)
        .execute();
      if (back > 0) await returnVariantStock(transaction, piece.variant_id!, back);
      if (back !== piece.restock)
        await transaction.updateTable('refund_lines').set({ restock: back }).where('refund_id', '=', refundId).where('line_id', '=', piece.line_id).execute();
      restocked += back;
    }
    await refreshProducts(
      transaction,
      pieces.flatMap((piece) => (piece.product_id ? [piece.product_id] : [])),
    );
    return restocked;
  }
}

/** Lines in the order their stock is taken or returned: by variant, so that two transactions never lock two variants in opposite orders. */
const byVariant = (a: { variant_id: string | null }, b: { variant_id: string | null }) => (a.variant_id ?? '').localeCompare(b.variant_id ?? '');

const productsOf = (lines: ReadonlyArray<{ product_id: string | null }>) => lines.flatMap((line) => (line.product_id ? [line.product_id] : []));

export type OrderRepository = ReturnType<typeof createOrderRepository>;
