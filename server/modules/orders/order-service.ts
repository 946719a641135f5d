import { carrierName } from '../../../common/carriers.ts';
import { sameEmail } from '../../../common/contact-rules.ts';
import { centsToDollars, formatUsd } from '../../../common/money.ts';
import {
  maxOrderTotalCents,
  nextShippingStatus,
  orderMessages,
  orderNumberLabel,
  orderStage,
  orderTotalCents,
  parseOrderNumber,
  quantityProblem,
  refundStatus,
} from '../../../common/ordering.ts';
import { errorCodes } from '../../../common/schemas/errors.ts';
import { orderTimeline } from '../../../common/order-timeline.ts';
import { type Receipt, receiptOf } from '../../../common/receipt.ts';
import type { OrderDetails, OrderRefund } from '../../../common/schemas/order-details.ts';
import type { Order, OrderInput, OrderListQuery, ShippingUpdate } from '../../../common/schemas/orders.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { keysetPageOf } from '../../db/keyset-page.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { ProductRepository } from '../products/product-repository.ts';
import type { OrderEvents } from './order-events.ts';
import { freeTextColumns, shippingAddressOf, shippingColumns } from './shipping-address.ts';
import type { ListedOrderRow, OrderRepository, OrderRow, PaidBy, RefundRow } from './order-repository.ts';

/** The card that paid an order: its brand, as Stripe names brands, and its last four digits. */
type PaymentCard = NonNullable<PaidBy['card']>;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.product_id,
    product: row.product,
    cutomerName: row.customer_name,
    email: row.email,
    unitPrice: centsToDollars(row.unit_price_cents),
    price: centsToDollars(row.price_cents),
    quantity: row.quantity,
    phone: row.phone,
    adress: row.adress,
    ...(shippingAddressOf(row) && { shippingAddress: shippingAddressOf(row) }),
    paymentStatus: row.payment_status,
    ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    ...(row.shipping_status ? { shippingStatus: row.shipping_status } : {}),
    createdAt: row.created_at,
    ...(row.paid_at ? { paidAt: row.paid_at } : {}),
    orderNumber: orderNumberLabel(row.number),
    stage: orderStage({ paymentStatus: row.payment_status, shippingStatus: row.shipping_status ?? undefined, cancelReason: row.cancel_reason ?? undefined }),
    ...(row.shipped_at ? { shippedAt: row.shipped_at } : {}),
    ...(row.carrier ? { carrier: row.carrier } : {}),
    ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
    ...(row.delivered_at ? { deliveredAt: row.delivered_at } : {}),
    ...(row.cancelled_at ? { cancelledAt: row.cancelled_at } : {}),
    ...(row.cancel_reason ? { cancelReason: row.cancel_reason } : {}),
    ...(row.card_brand ? { cardBrand: row.card_brand } : {}),
    ...(row.card_last4 ? { cardLast4: row.card_last4 } : {}),
    refundedAmount: centsToDollars(row.refunded_cents),
    refundStatus: refundStatus(row.refunded_cents, row.price_cents),
    restockedQuantity: row.restocked_quantity,
    ...(row.checkout_id ? { checkoutId: row.checkout_id } : {}),
    ...(row.checkout_line && row.checkout_line_count ? { checkoutLine: { line: row.checkout_line, of: row.checkout_line_count } } : {}),
  };
}

/** An order as shown in a list or read: for an open unpaid one, whether its product's stock can still cover it. */
function toListedOrder(row: ListedOrderRow): Order {
  const order = toOrder(row);
  if (row.payment_status !== 'unpaid' || row.cancelled_at) return order;
  if (row.product_stock === null) return { ...order, unpayable: 'product-gone' };
  // The stock paying takes from (markPaid): enough pieces left for this order's quantity.
  if (row.product_stock < row.quantity) return { ...order, unpayable: 'out-of-stock' };
  return order;
}

/** A refund the admin asks for, in cents; `restock` pieces go back in stock once the money is given back. */
export interface RefundRequest {
  amountCents: number;
  restock: number;
  reason: string;
  idempotencyKey: string;
  /** The admin who asks for it. */
  createdBy: string;
}

/** A refund made at the card processor without the shop, to record against its order. */
export interface ProcessorRefund {
  amountCents: number;
  reason: string;
  gatewayRefundId: string;
}

/** A refund reserved by the shop and not yet made: what to ask the processor for, and under which payment. */
export interface PendingRefund {
  id: string;
  orderId: string;
  transactionId: string;
  amountCents: number;
  reason: string;
}

/** A refund to send to the processor (reserved now, or still pending under its key), or, for a key whose refund is made, the order as it is. */
export type RefundReservation = { send: PendingRefund } | { settled: Order };

const keyReused = () => conflict('This refund key was used for another refund. Open the refund form again.', 'IDEMPOTENCY_KEY_REUSED');

function toPendingRefund(refund: RefundRow, order: OrderRow): PendingRefund {
  // Only a paid order's refund is ever reserved, and a paid order keeps the payment that paid it.
  return { id: refund.id, orderId: order.id, transactionId: order.transaction_id ?? '', amountCents: refund.amount_cents, reason: refund.reason };
}

function toRefund(row: RefundRow): OrderRefund {
  return {
    id: row.id,
    amount: centsToDollars(row.amount_cents),
    reason: row.reason,
    restockedQuantity: row.restocked_quantity,
    createdAt: row.created_at,
    ...(row.status === 'pending' && { pending: true }),
  };
}

/**
 * How settling an order with a confirmed payment went: paid now (its pieces taken from stock), paid
 * already (by this payment or another), or not payable: too few pieces left, the product no longer
 * sold, or the order cancelled meanwhile.
 */
export type Settlement = { outcome: 'paid' | 'already-paid'; order: Order } | { outcome: 'out-of-stock' | 'product-gone' | 'cancelled' };

/** Orders the expiry sweep cancels per query. */
const expiryBatch = 100;

/** Refuses, with 409, to cancel or pay an order that is paid or cancelled already. */
function refuseUnlessOpen(row: OrderRow): void {
  if (row.payment_status === 'paid') throw conflict('A paid order cannot be cancelled.', 'ORDER_PAID');
  if (row.cancel_reason === 'expired') throw conflict('This order expired unpaid and has been cancelled already.', 'ORDER_CANCELLED');
  if (row.cancelled_at) throw conflict('This order has been cancelled already.', 'ORDER_CANCELLED');
}

/**
 * Orders and their state, as design.md's table allows: customers reach their own, admins every one.
 * Other modules get `Order`s from here and change an order only through these operations. Each
 * change is announced to `events` inside its own transaction (ADR 011).
 */
export function createOrderService(orders: OrderRepository, products: ProductRepository, clock: Clock, events: OrderEvents) {
  /** The order, if the viewer may see it; someone else's answers 404 so that ids reveal nothing. */
  async function reachable(viewer: SignedInUser, id: string): Promise<ListedOrderRow> {
    const row = isRecordId(id) ? await orders.findListedById(id) : undefined;
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id)) throw notFound('No order of yours has that id.');
    return row;
  }

  return {
    async place(viewer: SignedInUser, input: OrderInput): Promise<Order> {
      const product = isRecordId(input.productId) ? await products.findById(input.productId) : undefined;
      if (!product) throw notFound('That product is no longer in the catalogue.');
      const problem = quantityProblem(input.quantity, { minQuantity: product.min_quantity, availQuantity: product.avail_quantity });
      if (problem) throw new AppError(400, errorCodes.validation, problem);
      const total = orderTotalCents(product.price_cents, input.quantity);
      if (total > maxOrderTotalCents) throw new AppError(400, errorCodes.validation, orderMessages.tooExpensive);
      const placed = await orders.insert(
        {
          id: newRecordId(),
        product_id: product.id,
        product: product.name,
        customer_name: viewer.name,
        email: viewer.email,
        unit_price_cents: product.price_cents,
        price_cents: total,
        quantity: input.quantity,
        phone: input.phone,
        ...(input.shippingAddress ? shippingColumns(input.shippingAddress) : freeTextColumns(input.adress ?? '', viewer.name)),
        payment_status: 'unpaid',
        transaction_id: null,
        created_at: clock().toISOString(),
        user_id: viewer.id,
          paid_at: null,
          shipping_status: null,
        },
        (trx, row) => events.placed(trx, toOrder(row)),
      );
      return toOrder(placed);
    },

    /** The admin's list: at a stage, and for a search that reads as an order number that order, else orders whose e-mail or name contains it. */
    async listAll({ stage, q, ...page }: OrderListQuery) {
      const number = q ? parseOrderNumber(q) : undefined;
      const { rows, total, capped } = await orders.listAll({ stage, number, text: number === undefined ? q : undefined }, keysetPageOf(page));
      return { items: rows.map(toListedOrder), total, capped };
    },

    async listFor(viewer: SignedInUser, email: string, page: { limit: number; offset: number }) {
      if (viewer.role !== 'admin' && !sameEmail(viewer.email, email)) {
        throw new AppError(403, errorCodes.forbidden, 'You can only see your own orders.');
      }
      const { rows, total } = await orders.listByEmail(email.trim().toLowerCase(), page);
      return { items: rows.map(toListedOrder), total };
    },

    /** The order as its page shows it, with whether it can be paid now. */
    async get(viewer: SignedInUser, id: string): Promise<Order> {
      return toListedOrder(await reachable(viewer, id));
    },

    /** Everything the order's detail page shows: the order, its refunds and what happened to it when. */
    async details(viewer: SignedInUser, id: string): Promise<OrderDetails> {
      const row = await reachable(viewer, id);
      const order = toOrder(row);
      const refunds = (await orders.refundsOf(row.id)).map(toRefund);
      return { order, refunds, timeline: orderTimeline(order, refunds) };
    },

    /** The receipt of the viewer's order; an order not paid has none yet (409). */
    async receipt(viewer: SignedInUser, id: string): Promise<Receipt> {
      const receipt = receiptOf(toOrder(await reachable(viewer, id)));
      if (!receipt) throw conflict('This order has no receipt until it is paid.', 'ORDER_UNPAID');
      return receipt;
    },

    /**
     * The viewer's order, if it can be paid now: unpaid, not cancelled, its product still sold, and enough of it in
     * stock. Otherwise a 409 that says why, before any card is asked for.
     */
    async getPayable(viewer: SignedInUser, id: string): Promise<Order> {
      const row = await reachable(viewer, id);
      if (row.payment_status === 'paid') throw conflict('This order is already paid.', 'ORDER_PAID');
      if (row.cancel_reason === 'expired') throw conflict('This order expired unpaid, so it cannot be paid. Please place a new one.', 'ORDER_CANCELLED');
      if (row.cancelled_at) throw conflict('This order has been cancelled, so it cannot be paid.', 'ORDER_CANCELLED');
      const product = row.product_id ? await products.findById(row.product_id) : undefined;
      if (!product) throw conflict(`${row.product} is no longer sold, so this order cannot be paid. Please cancel it.`, 'PRODUCT_GONE');
      if (product.avail_quantity < row.quantity) {
        throw conflict(`Only ${product.avail_quantity} ${row.product} left in stock, fewer than this order's ${row.quantity}.`, 'OUT_OF_STOCK');
      }
      return toOrder(row);
    },

    /** Any order, for the card processor's events, which act for no signed-in viewer. */
    async find(id: string): Promise<Order | undefined> {
      const row = isRecordId(id) ? await orders.findById(id) : undefined;
      return row && toOrder(row);
    },

    /**
     * Marks the order paid by a payment the processor has confirmed, taking its pieces from stock in
     * the same transaction. The caller has checked that the payment is for this order and its total.
     *
     * `captured` says whether the processor has already taken the money. Only then is the order
     * announced paid (the customer's receipt) in this transaction. A payment only authorised is
     * captured after this, and the capture can fail, after which `reopen` makes the order unpaid
     * again: a receipt queued here would already be on its way for money never taken. So for an
     * authorised payment the announcement waits for `recordCapture`. A settlement that finds the
     * order paid already changes nothing and announces nothing, so paying twice sends one receipt.
     *
     * `card` is the brand and last four digits of the card that paid, where the processor says
     * them; the order keeps them to show which card paid. Never more of the number.
     */
    async settle(id: string, transactionId: string, { captured, card }: { captured: boolean; card?: PaymentCard | undefined }): Promise<Settlement> {
      const outcome = await orders.markPaid(id, { transactionId, card }, clock().toISOString(), async (trx, paid) => {
        if (captured) await events.paid(trx, toOrder(paid));
      });
      if (outcome === 'out-of-stock' || outcome === 'product-gone' || outcome === 'cancelled') return { outcome };
      const row = await orders.findById(id);
      if (!row) return { outcome: 'cancelled' };
      return { outcome: outcome === 'paid' ? 'paid' : 'already-paid', order: toOrder(row) };
    },

    /**
     * After the processor took the money of a payment that `settle` recorded as authorised only: the
     * order, still paid by it, is announced paid. Called once, by whoever captured the payment.
     */
    async recordCapture(id: string, transactionId: string): Promise<void> {
      await orders.whilePaidBy(id, transactionId, (trx, paid) => events.paid(trx, toOrder(paid)));
    },

    /** After the processor failed to take the money: the order settled by this payment is unpaid again, its pieces back in stock. */
    async reopen(id: string, transactionId: string): Promise<void> {
      await orders.revertPayment(id, transactionId);
    },

    /**
     * Cancels an unpaid order, which is kept with who cancelled it; it can never be paid after. The
     * answer keeps the specification's `{ deletedCount: 1 }`. A paid order, or one cancelled already,
     * answers 409 and announces nothing.
     */
    async cancel(viewer: SignedInUser, id: string): Promise<{ deletedCount: number }> {
      const row = await reachable(viewer, id);
      refuseUnlessOpen(row);
      const reason = viewer.role === 'admin' ? 'admin' : 'customer';
      const cancelled = await orders.cancelUnpaid(row.id, reason, clock().toISOString(), (trx, order) => events.cancelled(trx, toOrder(order)));
      if (!cancelled) {
        // Paid or cancelled in the moment between reading and cancelling: say which.
        const now = await orders.findById(row.id);
        if (now) refuseUnlessOpen(now);
        throw conflict('The order changed meanwhile. Reload and try again.');
      }
      return { deletedCount: 1 };
    },

    /**
     * The shop's sweep: cancels as expired every order still unpaid `hours` after it was placed, in
     * batches, each order in its own transaction with its announcement. Answers how many it cancelled.
     * Running twice, or in two processes at once, cancels each order once.
     */
    async expireUnpaid(hours: number): Promise<number> {
      const now = clock();
      const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
      let expired = 0;
      for (;;) {
        const ids = await orders.findExpiring(cutoff, expiryBatch);
        for (const id of ids) {
          const cancelled = await orders.cancelUnpaid(id, 'expired', now.toISOString(), (trx, order) => events.cancelled(trx, toOrder(order)));
          if (cancelled) expired += 1;
        }
        if (ids.length < expiryBatch) return expired;
      }
    },

    /** Whether this person has paid for an order of this product (a refund later does not undo that they bought it). */
    async hasBought(buyer: SignedInUser, productId: string): Promise<boolean> {
      return orders.hasPaidOrder(buyer.id, productId);
    },

    /**
     * The paid orders this payment paid, for the card processor's events: one order, or each line of
     * a checkout (one payment for a whole cart, ADR 018), by line.
     */
    async ordersPaidBy(transactionId: string): Promise<Order[]> {
      const rows = await orders.findByTransactionId(transactionId);
      return rows.filter((row) => row.payment_status === 'paid').map(toOrder);
    },

    /**
     * Reserves the admin's refund before anything is asked of the card processor (ADR 029), holding
     * the order's row, so that refunds of one order queue whatever their keys. Refused with a 409 that
     * says why when the order is not paid, the amount is more than is left once the refunds still
     * pending are counted, or more pieces would go back than are out of stock for it. A key used
     * already for this order and amount answers that refund again: still pending, it is to be sent
     * (under the same processor key, so it is made once); made, the order as it is now. A key used
     * for another refund is refused. `alongside` runs in the reserving transaction.
     */
    async reserveRefund(id: string, request: RefundRequest, alongside: (transaction: Database, refundId: string) => Promise<void>): Promise<RefundReservation> {
      const reservation = isRecordId(id)
        ? await orders.withOrderHeld(id, async (trx, row): Promise<RefundReservation> => {
            const earlier = await orders.findRefundByKey(request.idempotencyKey, trx);
            if (earlier) {
              if (earlier.order_id !== row.id || earlier.amount_cents !== request.amountCents) throw keyReused();
              return earlier.status === 'pending' ? { send: toPendingRefund(earlier, row) } : { settled: toOrder(row) };
            }
            if (row.payment_status !== 'paid' || !row.transaction_id) throw conflict('Only a paid order can be refunded.', 'ORDER_NOT_PAID');
            const held = await orders.heldBack(trx, row.id);
            const left = row.price_cents - row.refunded_cents - held.cents;
            if (left <= 0) {
              throw conflict(held.cents > 0 ? 'The rest of this order is being refunded already.' : 'This order has been refunded in full already.', 'REFUND_TOO_LARGE');
            }
            if (request.amountCents > left) throw conflict(`Only ${formatUsd(centsToDollars(left))} of this order is left to refund.`, 'REFUND_TOO_LARGE');
            const restockable = row.quantity - row.restocked_quantity - held.pieces;
            if (request.restock > 0 && !row.product_id) throw conflict(`${row.product} is no longer sold, so its pieces cannot go back to stock.`, 'PRODUCT_GONE');
            if (request.restock > restockable) {
              throw conflict(`Only ${restockable} of this order's ${row.quantity} pieces can still go back to stock.`, 'RESTOCK_TOO_LARGE');
            }
            const reserved = await orders.insertPendingRefund(trx, {
              id: newRecordId(),
              order_id: row.id,
              amount_cents: request.amountCents,
              reason: request.reason,
              restocked_quantity: request.restock,
              idempotency_key: request.idempotencyKey,
              created_by: request.createdBy,
              created_at: clock().toISOString(),
            });
            // Taken meanwhile by a refund of another order (which holds another row).
            if (!reserved) throw keyReused();
            await alongside(trx, reserved.id);
            return { send: toPendingRefund(reserved, row) };
          })
        : undefined;
      if (!reservation) throw notFound('No order has that id.');
      return reservation;
    },

    /** A refund still waiting for the processor's answer (the follow-up job's), or undefined once it has one. */
    async pendingRefund(refundId: string): Promise<PendingRefund | undefined> {
      const refund = await orders.findRefund(refundId);
      const order = refund?.status === 'pending' ? await orders.findById(refund.order_id) : undefined;
      return refund && order ? toPendingRefund(refund, order) : undefined;
    },

    /**
     * The processor made a refund the shop reserved: recorded as made, its pieces back in stock, and
     * announced in the same transaction. `settled` when it was recorded already (by the processor's
     * event, or the follow-up job): nothing more is announced. Both answer the order as it is.
     * `exceeds` when the shop had given it up and the room it held is taken: the records disagree.
     */
    async completeRefund(refundId: string, gatewayRefundId: string): Promise<{ outcome: 'recorded' | 'settled'; order: Order } | { outcome: 'exceeds' }> {
      const completed = await orders.completeRefund(refundId, gatewayRefundId, (trx, order, refund) =>
        events.refunded(trx, toOrder(order), { amount: centsToDollars(refund.amount_cents), reason: refund.reason }),
      );
      if (completed.outcome === 'exceeds') return completed;
      if (completed.outcome === 'recorded') return { outcome: 'recorded', order: toOrder(completed.order) };
      const refund = await orders.findRefund(refundId);
      const row = refund && (await orders.findById(refund.order_id));
      if (!row) throw notFound('No order has that id.');
      return { outcome: 'settled', order: toOrder(row) };
    },

    /** The processor refused a pending refund: it holds nothing back any more. */
    async failRefund(refundId: string): Promise<void> {
      await orders.failRefund(refundId);
    },

    /**
     * Records a refund made at the processor without the shop (Stripe's dashboard), announced in the
     * same transaction. Once per processor refund: one recorded already is `duplicate`, with the
     * order as it is. `exceeds` when it is more than is left of a paid order.
     */
    async recordProcessorRefund(id: string, refund: ProcessorRefund): Promise<{ outcome: 'recorded' | 'duplicate'; order: Order } | { outcome: 'exceeds' }> {
      const result = await orders.addProcessorRefund(
        {
          id: newRecordId(),
          order_id: id,
          amount_cents: refund.amountCents,
          reason: refund.reason,
          gateway_refund_id: refund.gatewayRefundId,
          idempotency_key: `processor-${refund.gatewayRefundId}`,
          created_by: null,
          created_at: clock().toISOString(),
        },
        (trx, order, recorded) => events.refunded(trx, toOrder(order), { amount: centsToDollars(recorded.amount_cents), reason: recorded.reason }),
      );
      if (result.outcome === 'exceeds') return result;
      if (result.outcome === 'recorded') return { outcome: 'recorded', order: toOrder(result.order) };
      const row = await orders.findById(id);
      if (!row) throw notFound('No order has that id.');
      return { outcome: 'duplicate', order: toOrder(row) };
    },

    /**
     * The admin moves a paid order on: Pending → Shipped (with its carrier and tracking number) →
     * Delivered, each step stamped with the time it was taken.
     */
    async advanceShipping(id: string, update: ShippingUpdate): Promise<Order> {
      const to = update.shippingStatus;
      const row = isRecordId(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound('No order has that id.');
      const from = row.shipping_status;
      if (row.payment_status !== 'paid' || !from) throw conflict('Only a paid order can be shipped.');
      if (from === 'refunded') throw conflict('This order was refunded in full before it was sent: there is nothing to ship.', 'ORDER_REFUNDED');
      if (nextShippingStatus[from] !== to) throw conflict(`An order that is ${from} cannot become ${to}.`);
      const now = clock().toISOString();
      const step =
        update.shippingStatus === 'shipped'
          ? { shipping_status: to, shipped_at: now, carrier: carrierName(update.carrier), tracking_number: update.trackingNumber || null }
          : { shipping_status: to, delivered_at: now };
      const moved = await orders.advanceShipping(id, from, step, (trx, order) =>
        to === 'shipped' ? events.shipped(trx, toOrder(order)) : events.delivered(trx, toOrder(order)),
      );
      if (!moved) throw conflict('The order changed meanwhile. Reload and try again.');
      return toOrder(moved);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
