import { centsToDollars } from '../../../common/money.ts';
import { orderNumberLabel, orderStage, orderTotalCents } from '../../../common/ordering.ts';
import type { Checkout, CheckoutDelivery, CheckoutInput } from '../../../common/schemas/checkouts.ts';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { CheckoutEvents } from './checkout-events.ts';
import type { CheckoutLineRow, CheckoutRepository, CheckoutRow } from './checkout-repository.ts';
import type { OrderRow, PaidBy } from './order-repository.ts';
import { shippingAddressOf, shippingColumns } from './shipping-address.ts';
import { toOrder } from './order-service.ts';

/** A line to check out, priced by the server from the customer's cart. */
export interface CheckoutLineInput {
  productId: string;
  name: string;
  img: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * How paying a checkout went: paid now (every line an order, every piece taken), paid already, or
 * not payable: a line short of stock or no longer sold (named), or the checkout ended meanwhile.
 */
export type CheckoutSettlement =
  | { outcome: 'paid' | 'already-paid'; checkout: Checkout }
  | { outcome: 'out-of-stock' | 'product-gone'; product: string }
  | { outcome: 'cancelled' };

/** Checkouts the expiry sweep ends per query. */
const expiryBatch = 100;

function toCheckout(row: CheckoutRow, lines: readonly CheckoutLineRow[], orders: readonly OrderRow[] = []): Checkout {
  const orderOfLine = new Map(orders.map((order) => [order.checkout_line, order]));
  return {
    _id: row.id,
    ...(row.number !== null && row.payment_status === 'paid' ? { orderNumber: orderNumberLabel(row.number) } : {}),
    paymentStatus: row.payment_status,
    stage: row.payment_status === 'paid' ? 'paid' : (row.cancel_reason ?? 'open'),
    customerName: row.customer_name,
    email: row.email,
    phone: row.phone,
    address: row.adress,
    ...(shippingAddressOf(row) && { shippingAddress: shippingAddressOf(row) }),
    total: centsToDollars(row.total_cents),
    createdAt: row.created_at,
    ...(row.paid_at ? { paidAt: row.paid_at } : {}),
    ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    ...(row.card_brand ? { cardBrand: row.card_brand } : {}),
    ...(row.card_last4 ? { cardLast4: row.card_last4 } : {}),
    lines: lines.map((line) => {
      const order = orderOfLine.get(line.line);
      return {
        line: line.line,
        productId: line.product_id,
        product: line.product,
        img: line.img,
        unitPrice: centsToDollars(line.unit_price_cents),
        quantity: line.quantity,
        price: centsToDollars(line.price_cents),
        ...(order
          ? { orderId: order.id, stage: orderStage({ paymentStatus: order.payment_status, shippingStatus: order.shipping_status ?? undefined, cancelReason: order.cancel_reason ?? undefined }) }
          : {}),
      };
    }),
  };
}

/** Refuses, with 409, to pay a checkout that is paid or has ended. */
function refuseUnlessOpen(row: CheckoutRow): void {
  if (row.payment_status === 'paid') throw conflict('This checkout is already paid.', 'CHECKOUT_PAID');
  if (row.cancel_reason === 'expired') throw conflict('This checkout expired unpaid. Please check out your cart again.', 'CHECKOUT_CLOSED');
  if (row.cancelled_at) throw conflict('This checkout was replaced by a newer one from your cart. Please check out your cart again.', 'CHECKOUT_CLOSED');
}

/**
 * Checkouts (ADR 018), the orders module's part: opening one for a cart, reading it (the customer's
 * own, or any for an admin), and the state changes paying makes: settle, capture recorded, reopen
 * after a failed capture, expiry. Each change is announced to `events` in its own transaction.
 */
export function createCheckoutService(checkouts: CheckoutRepository, clock: Clock, events: CheckoutEvents) {
  /** The checkout, if the viewer may see it; someone else's answers 404 so that ids reveal nothing. */
  async function reachable(viewer: SignedInUser, id: string): Promise<CheckoutRow> {
    const row = isRecordId(id) ? await checkouts.findById(id) : undefined;
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id)) throw notFound('No checkout of yours has that id.');
    return row;
  }

  async function read(row: CheckoutRow): Promise<Checkout> {
    const [lines, orders] = await Promise.all([checkouts.linesOf(row.id), row.payment_status === 'paid' ? checkouts.ordersOf(row.id) : []]);
    return toCheckout(row, lines, orders);
  }

  const announceCancelled = async (transaction: Parameters<CheckoutEvents['cancelled']>[0], row: CheckoutRow) =>
    events.cancelled(transaction, toCheckout(row, await checkouts.linesOf(row.id, transaction)));

  return {
    /**
     * Opens a checkout of these lines (priced by the server from the customer's cart) to the phone and
     * address given; the customer's open checkout with the same lines is kept instead, and any other
     * is ended as replaced.
     */
    async open(viewer: SignedInUser, lines: readonly CheckoutLineInput[], delivery: CheckoutInput): Promise<Checkout> {
      const now = clock().toISOString();
      const priced = lines.map((line, index) => ({
        line: index + 1,
        product_id: line.productId,
        product: line.name,
        img: line.img,
        unit_price_cents: line.unitPriceCents,
        quantity: line.quantity,
        price_cents: orderTotalCents(line.unitPriceCents, line.quantity),
      }));
      const row = await checkouts.open(
        {
          id: newRecordId(),
          user_id: viewer.id,
          customer_name: viewer.name,
          email: viewer.email,
          phone: delivery.phone,
          ...shippingColumns(delivery.shippingAddress),
          total_cents: priced.reduce((sum, line) => sum + line.price_cents, 0),
          line_count: priced.length,
          created_at: now,
        },
        priced,
        announceCancelled,
        now,
      );
      return read(row);
    },

    async get(viewer: SignedInUser, id: string): Promise<Checkout> {
      return read(await reachable(viewer, id));
    },

    /**
     * The viewer's checkout, if it can be paid now: open, and every line's product still sold with
     * enough pieces left. Otherwise a 409 that names the line, before any card is asked for.
     */
    async getPayable(viewer: SignedInUser, id: string): Promise<Checkout> {
      const row = await reachable(viewer, id);
      refuseUnlessOpen(row);
      const lines = await checkouts.linesWithStock(row.id);
      for (const line of lines) {
        if (line.stock === null) throw conflict(`${line.product} is no longer sold, so this checkout cannot be paid. Please remove it from your cart.`, 'PRODUCT_GONE');
        // The stock paying takes from: enough pieces left for the line's quantity.
        if (line.stock < line.quantity) {
          throw conflict(`Only ${line.stock} ${line.product} left in stock, fewer than the ${line.quantity} in your cart. Please change that line of your cart.`, 'OUT_OF_STOCK');
        }
      }
      return toCheckout(row, lines);
    },

    /** Any checkout, for the card processor's events, which act for no signed-in viewer. */
    async find(id: string): Promise<Checkout | undefined> {
      const row = isRecordId(id) ? await checkouts.findById(id) : undefined;
      return row && read(row);
    },

    /**
     * Pays the checkout with a payment the processor has confirmed (the caller checked it is for this
     * checkout and its total): every line becomes a paid order and its pieces leave the stock, in one
     * transaction, or nothing happens. As with an order, only a payment already captured is
     * announced here; an authorised one is announced by `recordCapture`, once the money is taken.
     */
    async settle(id: string, transactionId: string, { captured, card }: { captured: boolean; card?: PaidBy['card'] }): Promise<CheckoutSettlement> {
      const result = await checkouts.markPaid(id, { transactionId, card }, clock().toISOString(), newRecordId, async (trx, paid, orders) => {
        if (captured) await events.paid(trx, toCheckout(paid, await checkouts.linesOf(paid.id, trx), orders), orders.map(toOrder), paid.user_id);
      });
      if (result.outcome === 'out-of-stock' || result.outcome === 'product-gone') return { outcome: result.outcome, product: result.line.product };
      if (result.outcome === 'cancelled') return { outcome: 'cancelled' };
      const row = await checkouts.findById(id);
      if (!row) return { outcome: 'cancelled' };
      return { outcome: result.outcome === 'paid' ? 'paid' : 'already-paid', checkout: await read(row) };
    },

    /** After the processor took the money of a payment `settle` recorded as authorised only: the checkout is announced paid. */
    async recordCapture(id: string, transactionId: string): Promise<void> {
      await checkouts.whilePaidBy(id, transactionId, async (trx, paid, orders) =>
        events.paid(trx, toCheckout(paid, await checkouts.linesOf(paid.id, trx), orders), orders.map(toOrder), paid.user_id),
      );
    },

    /** After the processor failed to take the money: the checkout is open again, its lines no orders, their pieces back in stock. */
    async reopen(id: string, transactionId: string): Promise<void> {
      await checkouts.revertPayment(id, transactionId);
    },

    /** The expiry sweep's part for checkouts: ends, as expired, each left open for `hours`; answers how many. */
    async expireOpen(hours: number): Promise<number> {
      const now = clock();
      const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
      let expired = 0;
      for (;;) {
        const ids = await checkouts.findExpiring(cutoff, expiryBatch);
        for (const id of ids) if (await checkouts.cancelOpen(id, 'expired', now.toISOString(), announceCancelled)) expired += 1;
        if (ids.length < expiryBatch) return expired;
      }
    },

    /** The phone and address to fill the checkout's form with: those of the customer's last order (its address, when it was structured). */
    async lastDelivery(viewer: SignedInUser): Promise<CheckoutDelivery> {
      const last = await checkouts.lastDelivery(viewer.id);
      return last ? { phone: last.phone, shippingAddress: shippingAddressOf(last) ?? null } : null;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
