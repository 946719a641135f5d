import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { CheckoutLinesTable, CheckoutsTable } from '../../db/schema.ts';
import type { OrderRow, PaidBy } from './order-repository.ts';
import { shippingColumnNames, shippingOf } from './shipping-address.ts';

export type CheckoutRow = Selectable<CheckoutsTable>;
export type CheckoutLineRow = Selectable<CheckoutLinesTable>;
export type NewCheckoutRow = Omit<Insertable<CheckoutsTable>, 'number' | 'payment_status' | 'transaction_id' | 'card_brand' | 'card_last4' | 'paid_at' | 'cancelled_at' | 'cancel_reason'>;
export type NewCheckoutLine = Omit<CheckoutLineRow, 'checkout_id'>;
/** A line with its product's stock now (null once the product is deleted). */
export type CheckoutLineWithStock = CheckoutLineRow & { stock: number | null };

/** Work done in the transaction of a change to a checkout, with the checkout as the change left it. */
export type CheckoutAlongside = (transaction: Database, checkout: CheckoutRow) => Promise<void>;
/** Work done in the transaction that pays a checkout: with it, and the orders its lines became. */
export type PaidAlongside = (transaction: Database, checkout: CheckoutRow, orders: OrderRow[]) => Promise<void>;

/**
 * How paying a checkout went: paid (its lines now orders, all their pieces taken), not unpaid (paid
 * already, or no such checkout), cancelled (replaced or expired), or refused because of one line:
 * too few pieces left, or its product no longer sold. Refused, nothing is taken.
 */
export type MarkCheckoutPaidOutcome =
  | { outcome: 'paid'; checkout: CheckoutRow; orders: OrderRow[] }
  | { outcome: 'not-unpaid' | 'cancelled' }
  | { outcome: 'out-of-stock' | 'product-gone'; line: CheckoutLineRow };

/** Thrown inside the paying transaction to roll it back, then answered as the line that refused it. */
class LineRefused extends Error {
  constructor(
    readonly outcome: 'out-of-stock' | 'product-gone',
    readonly line: CheckoutLineRow,
  ) {
    super(outcome);
  }
}

/**
 * The next order number, from the counter single orders take theirs from (orders' `insert`): a
 * sequence on PostgreSQL, a one-row counter moved on in this transaction on SQLite.
 */
async function nextOrderNumber(transaction: Database): Promise<number> {
  if (isPostgres(transaction)) return (await sql<{ number: number }>`select nextval('order_number_seq') as number`.execute(transaction)).rows[0]!.number;
  return (await sql<{ last_number: number }>`update order_number_counter set last_number = last_number + 1 returning last_number`.execute(transaction)).rows[0]!.last_number;
}

/** Lines in the order their stock is taken: by product, so that two checkouts never lock two products in opposite orders. */
const byProduct = (a: { product_id: string | null }, b: { product_id: string | null }) => (a.product_id ?? '').localeCompare(b.product_id ?? '');

/**
 * Checkouts (ADR 018): one payment for a whole cart. Like the orders' own transactions, the one that
 * pays a checkout lives here: it marks the checkout paid, takes the pieces of every line from stock
 * and makes each line an order, all or nothing.
 */
export function createCheckoutRepository(db: Database) {
  return {
    findById(id: string): Promise<CheckoutRow | undefined> {
      return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The checkout's lines, by line; inside a transaction when one is given (the work done alongside a change). */
    linesOf(checkoutId: string, on: Database = db): Promise<CheckoutLineRow[]> {
      return on.selectFrom('checkout_lines').selectAll().where('checkout_id', '=', checkoutId).orderBy('line').execute();
    },

    /** The lines with their products' stock now, in one query. */
    linesWithStock(checkoutId: string): Promise<CheckoutLineWithStock[]> {
      return db
        .selectFrom('checkout_lines')
        .leftJoin('products', 'products.id', 'checkout_lines.product_id')
        .selectAll('checkout_lines')
        .select('products.avail_quantity as stock')
        .where('checkout_lines.checkout_id', '=', checkoutId)
        .orderBy('checkout_lines.line')
        .execute();
    },

    /** The orders a paid checkout's lines became, by line (`orders_checkout_line_idx`). */
    ordersOf(checkoutId: string): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).orderBy('checkout_line').execute();
    },

    /**
     * Opens a checkout for the customer's cart. An open checkout of theirs with the same lines at the
     * same prices is kept (a second press of Pay, after a declined card, pays the same checkout): it
     * takes the phone and address given now. Any other open checkout of theirs is cancelled as
     * `replaced`, with `onEnded` in the same transaction, so one customer has one open checkout.
     */
    async open(row: NewCheckoutRow & { user_id: string }, lines: readonly NewCheckoutLine[], onEnded: CheckoutAlongside, now: string): Promise<CheckoutRow> {
      return db.transaction().execute(async (trx) => {
        const opened = await trx
          .selectFrom('checkouts')
          .selectAll()
          .where('user_id', '=', row.user_id)
          .where('payment_status', '=', sql.lit('unpaid'))
          .where('cancelled_at', 'is', null)
          .orderBy('created_at', 'desc')
          .execute();
        let kept: CheckoutRow | undefined;
        for (const candidate of opened) {
          if (!kept && candidate.total_cents === row.total_cents && sameLines(await trx.selectFrom('checkout_lines').selectAll().where('checkout_id', '=', candidate.id).orderBy('line').execute(), lines)) {
            // Still open: paid meanwhile (another tab), it is not the customer's open checkout any more.
            kept = await trx
              .updateTable('checkouts')
              .set({
                phone: row.phone,
                adress: row.adress,
                ...shippingOf(row),
                customer_name: row.customer_name,
                email: row.email,
              })
              .where('id', '=', candidate.id)
              .where('payment_status', '=', 'unpaid')
              .where('cancelled_at', 'is', null)
              .returningAll()
              .executeTakeFirst();
            continue;
          }
          const ended = await trx
            .updateTable('checkouts')
            .set({ cancelled_at: now, cancel_reason: 'replaced' })
            .where('id', '=', candidate.id)
            .where('payment_status', '=', 'unpaid')
            .where('cancelled_at', 'is', null)
            .returningAll()
            .executeTakeFirst();
          if (ended) await onEnded(trx, ended);
        }
        if (kept) return kept;
        const inserted = await trx.insertInto('checkouts').values(row).returningAll().executeTakeFirstOrThrow();
        await trx
          .insertInto('checkout_lines')
          .values(lines.map((line) => ({ ...line, checkout_id: inserted.id })))
          .execute();
        return inserted;
      });
    },

    /**
     * Pays a checkout in one transaction: the checkout turns paid only if it was open, every line's
     * pieces leave the stock only if the stock covers it, and each line becomes a paid order under the
     * checkout's number. A line short of stock, or whose product is gone, rolls everything back: no
     * stock is taken for any line. `alongside` runs only when this call paid it, in the transaction.
     */
    markPaid(id: string, payment: PaidBy, now: string, newOrderId: () => string, alongside?: PaidAlongside): Promise<MarkCheckoutPaidOutcome> {
      return db
        .transaction()
        .execute(async (trx): Promise<MarkCheckoutPaidOutcome> => {
          const checkout = await trx
            .updateTable('checkouts')
            .set({ payment_status: 'paid', transaction_id: payment.transactionId, card_brand: payment.card?.brand ?? null, card_last4: payment.card?.last4 ?? null, paid_at: now })
            .where('id', '=', id)
            .where('payment_status', '=', 'unpaid')
            .where('cancelled_at', 'is', null)
            .returningAll()
            .executeTakeFirst();
          if (!checkout) {
            const seen = await trx.selectFrom('checkouts').select('cancelled_at').where('id', '=', id).executeTakeFirst();
            return { outcome: seen?.cancelled_at ? 'cancelled' : 'not-unpaid' };
          }
          const lines = await trx.selectFrom('checkout_lines').selectAll().where('checkout_id', '=', id).orderBy('line').execute();
          for (const line of [...lines].sort(byProduct)) {
            if (!line.product_id) throw new LineRefused('product-gone', line);
            const taken = await trx
              .updateTable('products')
              .set((eb) => ({ avail_quantity: eb('avail_quantity', '-', line.quantity) }))
              .where('id', '=', line.product_id)
              .where('avail_quantity', '>=', line.quantity)
              .executeTakeFirst();
            if (Number(taken.numUpdatedRows) === 0) {
              const exists = await trx.selectFrom('products').select('id').where('id', '=', line.product_id).executeTakeFirst();
              throw new LineRefused(exists ? 'out-of-stock' : 'product-gone', line);
            }
          }
          // A checkout keeps the number it was given, should a failed capture have reopened it.
          const number = checkout.number ?? (await nextOrderNumber(trx));
          const paid = checkout.number === null ? await trx.updateTable('checkouts').set({ number }).where('id', '=', id).returningAll().executeTakeFirstOrThrow() : checkout;
          const orders = await trx
            .insertInto('orders')
            .values(
              lines.map((line) => ({
                id: newOrderId(),
                product_id: line.product_id,
                product: line.product,
                customer_name: paid.customer_name,
                email: paid.email,
                unit_price_cents: line.unit_price_cents,
                price_cents: line.price_cents,
                quantity: line.quantity,
                phone: paid.phone,
                adress: paid.adress,
                ...shippingOf(paid),
                payment_status: 'paid' as const,
                transaction_id: payment.transactionId,
                card_brand: paid.card_brand,
                card_last4: paid.card_last4,
                // Placed when the checkout was opened, paid now.
                created_at: paid.created_at,
                user_id: paid.user_id,
                paid_at: now,
                shipping_status: 'pending' as const,
                number,
                checkout_id: paid.id,
                checkout_line: line.line,
                checkout_line_count: paid.line_count,
              })),
            )
            .returningAll()
            .execute();
          orders.sort((a, b) => (a.checkout_line ?? 0) - (b.checkout_line ?? 0));
          await alongside?.(trx, paid, orders);
          return { outcome: 'paid', checkout: paid, orders };
        })
        .catch((error: unknown) => {
          if (error instanceof LineRefused) return { outcome: error.outcome, line: error.line };
          throw error;
        });
    },

    /** Runs `alongside` in a transaction in which the checkout is paid by this payment, with its orders; answers whether it was. */
    async whilePaidBy(id: string, transactionId: string, alongside: PaidAlongside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const checkout = await trx.selectFrom('checkouts').selectAll().where('id', '=', id).where('payment_status', '=', 'paid').where('transaction_id', '=', transactionId).executeTakeFirst();
        if (!checkout) return false;
        const orders = await trx.selectFrom('orders').selectAll().where('checkout_id', '=', id).orderBy('checkout_line').execute();
        await alongside(trx, checkout, orders);
        return true;
      });
    },

    /**
     * Undoes `markPaid` by this payment, after the processor failed to take the money: the orders its
     * lines became are removed (nothing was ever charged for them), their pieces go back in stock, and
     * the checkout is open again, keeping its number.
     */
    async revertPayment(id: string, transactionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const reopened = await trx
          .updateTable('checkouts')
          .set({ payment_status: 'unpaid', transaction_id: null, card_brand: null, card_last4: null, paid_at: null })
          .where('id', '=', id)
          .where('transaction_id', '=', transactionId)
          .executeTakeFirst();
        if (Number(reopened.numUpdatedRows) === 0) return;
        const removed = await trx.deleteFrom('orders').where('checkout_id', '=', id).where('transaction_id', '=', transactionId).returning(['product_id', 'quantity']).execute();
        for (const line of removed.sort(byProduct)) {
          if (!line.product_id) continue;
          await trx
            .updateTable('products')
            .set((eb) => ({ avail_quantity: eb('avail_quantity', '+', line.quantity) }))
            .where('id', '=', line.product_id)
            .execute();
        }
      });
    },

    /** Ends an open checkout (expired), running `alongside` with it; answers it, or undefined when it was paid or ended meanwhile. */
    async cancelOpen(id: string, reason: 'replaced' | 'expired', now: string, alongside: CheckoutAlongside): Promise<CheckoutRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('checkouts')
          .set({ cancelled_at: now, cancel_reason: reason })
          .where('id', '=', id)
          .where('payment_status', '=', 'unpaid')
          .where('cancelled_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (ended) await alongside(trx, ended);
        return ended;
      });
    },

    /** Up to `limit` open checkouts opened before `cutoff`, oldest first (`checkouts_open_created_idx`). */
    async findExpiring(cutoff: string, limit: number): Promise<string[]> {
      // Written as the partial index's condition is, with literal values, so that both databases see that it covers the query.
      const rows = await db
        .selectFrom('checkouts')
        .select('id')
        .where('payment_status', '=', sql.lit('unpaid'))
        .where('cancelled_at', 'is', null)
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The phone and address of the customer's latest order (`orders_user_id_created_at_idx`). */
    lastDelivery(userId: string) {
      return db
        .selectFrom('orders')
        .select(['phone', ...shippingColumnNames])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

/** Whether an open checkout's lines are those a checkout would be opened with now: same products, quantities and prices, in order. */
function sameLines(stored: readonly CheckoutLineRow[], wanted: readonly NewCheckoutLine[]): boolean {
  return (
    stored.length === wanted.length &&
    stored.every((line, index) => {
      const other = wanted[index]!;
      return line.product_id === other.product_id && line.quantity === other.quantity && line.unit_price_cents === other.unit_price_cents && line.product === other.product && line.img === other.img;
    })
  );
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
