import { carrierName } from '../../../common/carriers.ts';
import { sameEmail } from '../../../common/contact-rules.ts';
import { centsToDollars, formatUsd } from '../../../common/money.ts';
import {
  maxOrderTotalCents,
  orderMessages,
  orderNumberLabel,
  orderProductLabel,
  orderStage,
  orderTotalCents,
  parseOrderNumber,
  quantityProblem,
  refundStatus,
  type UnpayableReason,
} from '../../../common/ordering.ts';
import { orderTimeline } from '../../../common/order-timeline.ts';
import { type Receipt, receiptOf } from '../../../common/receipt.ts';
import type { OrderDetails, OrderRefund } from '../../../common/schemas/order-details.ts';
import type {
  CartCheckoutInput,
  LastDelivery,
  Order,
  OrderInput,
  OrderLine,
  OrderListQuery,
  OrderShipment,
  OrderShipmentInput,
  ShippingUpdate,
} from '../../../common/schemas/orders.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { keysetPageOf } from '../../db/keyset-page.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { ProductRepository } from '../products/product-repository.ts';
import type { ShippingAddressColumns } from '../../db/schema.ts';
import type { OrderEvents, PaidOrderBuyer } from './order-events.ts';
import { freeTextColumns, shippingAddressOf, shippingColumns } from './shipping-address.ts';
import type {
  HeldBack,
  LinePieces,
  ListedOrderRow,
  NewOrderLine,
  OrderLineRow,
  OrderRepository,
  OrderRow,
  PaidBy,
  RefundedPieces,
  RefundLineRow,
  RefundRow,
  ShipmentWithLines,
} from './order-repository.ts';

/** The card that paid an order: its brand, as Stripe names brands, and its last four digits. */
type PaymentCard = NonNullable<PaidBy['card']>;

function toLine(line: OrderLineRow): OrderLine {
  return {
    lineId: line.id,
    productId: line.product_id,
    product: line.product,
    img: line.img,
    unitPrice: centsToDollars(line.unit_price_cents),
    quantity: line.quantity,
    price: centsToDollars(line.price_cents),
    shippedQuantity: line.shipped_quantity,
    refundedQuantity: line.refunded_quantity,
    restockedQuantity: line.restocked_quantity,
  };
}

/** An order on the wire: its header's fields (the specification's among them) and its lines. */
export function toOrder(row: OrderRow, lines: readonly OrderLineRow[]): Order {
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
    number: row.number,
    orderNumber: orderNumberLabel(row.number),
    stage: orderStage({
      paymentStatus: row.payment_status,
      shippingStatus: row.shipping_status ?? undefined,
      cancelReason: row.cancel_reason ?? undefined,
      shippedPieces: row.shipped_quantity,
    }),
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
    lines: lines.map(toLine),
    totals: {
      subtotal: centsToDollars(row.subtotal_cents),
      shipping: centsToDollars(row.shipping_cents),
      discount: centsToDollars(row.discount_cents),
      tax: centsToDollars(row.tax_cents),
      total: centsToDollars(row.price_cents),
      currency: row.currency,
    },
  };
}

/** Why an unpaid order's lines cannot be paid now, if they cannot: a product no longer sold, or fewer pieces left than a line asks for. */
function unpayableLine(row: ListedOrderRow): { reason: UnpayableReason; line: ListedOrderRow['lines'][number] } | undefined {
  for (const line of row.lines) {
    if (line.product_stock === null) return { reason: 'product-gone', line };
    // The stock paying takes from (markPaid): enough pieces left for the line's quantity.
    if (line.product_stock < line.quantity) return { reason: 'out-of-stock', line };
  }
  return undefined;
}

/** An order as shown in a list or read: for an open unpaid one, whether its lines' stock can still cover it. */
function toListedOrder(row: ListedOrderRow): Order {
  const order = toOrder(row, row.lines);
  if (row.payment_status !== 'unpaid' || row.cancelled_at) return order;
  const unpayable = unpayableLine(row);
  return unpayable ? { ...order, unpayable: unpayable.reason } : order;
}

/** A line to order, priced by the server: from the customer's cart, or the one product of Buy Now. */
export interface PricedLine {
  productId: string;
  name: string;
  img: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * A refund the admin asks for: `amountCents`, with `restock` pieces of a one-line order back in stock
 * once the money is given back; or the pieces of `lines`, at the price they were bought for, back in
 * stock when `restock` is true.
 */
export type RefundRequest = ({ amountCents: number; restock: number } | { lines: readonly LinePieces[]; restock: boolean }) & {
  reason: string;
  idempotencyKey: string;
  /** The admin who asks for it. */
  createdBy: string;
};

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

/** A refund to send to the processor (reserved now, or still pending under its key), or, for a key whose refund is made, the order as it is and that refund. */
export type RefundReservation = { send: PendingRefund } | { settled: { order: Order; refund: RefundRow } };

const keyReused = () => conflict('This refund key was used for another refund. Open the refund form again.', 'IDEMPOTENCY_KEY_REUSED');

function toPendingRefund(refund: RefundRow, order: OrderRow): PendingRefund {
  // Only a paid order's refund is ever reserved, and a paid order keeps the payment that paid it.
  return { id: refund.id, orderId: order.id, transactionId: order.transaction_id ?? '', amountCents: refund.amount_cents, reason: refund.reason };
}

function toRefund(row: RefundRow, lines: readonly RefundLineRow[], productOf: Map<string, string>): OrderRefund {
  const pieces = lines.filter((line) => line.refund_id === row.id);
  return {
    id: row.id,
    amount: centsToDollars(row.amount_cents),
    reason: row.reason,
    restockedQuantity: row.restocked_quantity,
    createdAt: row.created_at,
    ...(row.status === 'pending' && { pending: true }),
    ...(pieces.length > 0 && {
      lines: pieces.map((piece) => ({ lineId: piece.line_id, product: productOf.get(piece.line_id) ?? '', quantity: piece.quantity, restock: piece.restock })),
    }),
  };
}

function toShipment(row: ShipmentWithLines): OrderShipment {
  return {
    id: row.id,
    carrier: row.carrier,
    ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
    createdAt: row.created_at,
    lines: row.lines.map((line) => ({ lineId: line.line_id, product: line.product, quantity: line.quantity })),
  };
}

/**
 * How settling an order with a confirmed payment went: paid now (every line's pieces taken from
 * stock), paid already (by this payment or another), or not payable: a line (named) short of stock
 * or no longer sold, or the order cancelled meanwhile.
 */
export type Settlement = { outcome: 'paid' | 'already-paid'; order: Order } | { outcome: 'out-of-stock' | 'product-gone'; product: string } | { outcome: 'cancelled' };

/** Orders the expiry sweep cancels per query. */
const expiryBatch = 100;

/** Refuses, with 409, to cancel or pay an order that is paid or cancelled already. */
function refuseUnlessOpen(row: OrderRow): void {
  if (row.payment_status === 'paid') throw conflict('A paid order cannot be cancelled.', 'ORDER_PAID');
  if (row.cancel_reason === 'expired') throw conflict('This order expired unpaid and has been cancelled already.', 'ORDER_CANCELLED');
  if (row.cancelled_at) throw conflict('This order has been cancelled already.', 'ORDER_CANCELLED');
}

/** The header of an order of these priced lines: the specification's one-product fields describe them all. */
function headerOf(lines: readonly PricedLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + orderTotalCents(line.unitPriceCents, line.quantity), 0);
  const first = lines[0]!;
  return {
    product_id: first.productId,
    product: orderProductLabel(lines.map((line) => line.name)),
    unit_price_cents: first.unitPriceCents,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal_cents: subtotal,
    // Shipping, discount and tax are charged by later issues; the total is the subtotal until then.
    price_cents: subtotal,
  };
}

function lineRowsOf(lines: readonly PricedLine[]): NewOrderLine[] {
  return lines.map((line, index) => ({
    id: newRecordId(),
    line: index + 1,
    product_id: line.productId,
    product: line.name,
    img: line.img,
    unit_price_cents: line.unitPriceCents,
    quantity: line.quantity,
    price_cents: orderTotalCents(line.unitPriceCents, line.quantity),
  }));
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

  /** The order whole, read in the transaction that changed it, to announce it. */
  const whole = async (transaction: Database, row: OrderRow) => toOrder(row, await orders.linesOf(transaction, row.id));

  /** The order whole as it is now, read after a change. */
  async function current(id: string): Promise<Order> {
    const row = await orders.findListedById(id);
    if (!row) throw notFound('No order has that id.');
    return toOrder(row, row.lines);
  }

  async function placeLines(
    viewer: SignedInUser,
    lines: readonly PricedLine[],
    delivery: { phone: string; address: ShippingAddressColumns & { adress: string } },
    fromCart: boolean,
  ) {
    const placed = await orders.insert(
      {
        id: newRecordId(),
        ...headerOf(lines),
        customer_name: viewer.name,
        email: viewer.email,
        phone: delivery.phone,
        ...delivery.address,
        payment_status: 'unpaid',
        transaction_id: null,
        created_at: clock().toISOString(),
        user_id: viewer.id,
        paid_at: null,
        shipping_status: null,
        placed_from_cart: fromCart ? 1 : 0,
      },
      lineRowsOf(lines),
      async (trx, row) => events.placed(trx, await whole(trx, row)),
    );
    return current(placed.id);
  }

  return {
    /** Buy Now: an order of one product, priced by the server. */
    async place(viewer: SignedInUser, input: OrderInput): Promise<Order> {
      const product = isRecordId(input.productId) ? await products.findById(input.productId) : undefined;
      if (!product) throw notFound('That product is no longer in the catalogue.');
      const problem = quantityProblem(input.quantity, { minQuantity: product.min_quantity, availQuantity: product.avail_quantity });
      if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem);
      const total = orderTotalCents(product.price_cents, input.quantity);
      if (total > maxOrderTotalCents) throw new AppError(400, 'VALIDATION_FAILED', orderMessages.tooExpensive);
      const address = input.shippingAddress ? shippingColumns(input.shippingAddress) : freeTextColumns(input.adress ?? '', viewer.name);
      return placeLines(
        viewer,
        [{ productId: product.id, name: product.name, img: product.img, unitPriceCents: product.price_cents, quantity: input.quantity }],
        { phone: input.phone, address },
        false,
      );
    },

    /**
     * The cart's checkout: one unpaid order of every line of the cart (priced by the server from it),
     * to the phone and address given. Checking out the same cart to the same place again (Back from
     * the payment page, then Continue) answers the order placed then, rather than a second one.
     */
    async placeFromCart(viewer: SignedInUser, lines: readonly PricedLine[], delivery: CartCheckoutInput): Promise<Order> {
      const address = shippingColumns(delivery.shippingAddress);
      const open = await orders.lastOpenCartOrder(viewer.id);
      if (open && sameCheckout(open, lines, { phone: delivery.phone, address })) return toOrder(open, open.lines);
      return placeLines(viewer, lines, { phone: delivery.phone, address }, true);
    },

    /** The phone and address to fill the checkout's form with: those of the customer's last order (its address, when it was structured). */
    async lastDelivery(viewer: SignedInUser): Promise<LastDelivery> {
      const last = await orders.lastDelivery(viewer.id);
      return last ? { phone: last.phone, shippingAddress: shippingAddressOf(last) ?? null } : null;
    },

    /** The admin's list: at a stage, and for a search that reads as an order number that order, else orders whose e-mail or name contains it. */
    async listAll({ stage, q, ...page }: OrderListQuery) {
      const number = q ? parseOrderNumber(q) : undefined;
      const { rows, total, capped } = await orders.listAll({ stage, number, text: number === undefined ? q : undefined }, keysetPageOf(page));
      return { items: rows.map(toListedOrder), total, capped };
    },

    async listFor(viewer: SignedInUser, email: string, page: { limit: number; offset: number }) {
      if (viewer.role !== 'admin' && !sameEmail(viewer.email, email)) {
        throw new AppError(403, 'FORBIDDEN', 'You can only see your own orders.');
      }
      const { rows, total } = await orders.listByEmail(email.trim().toLowerCase(), page);
      return { items: rows.map(toListedOrder), total };
    },

    /** The order as its page shows it, with whether it can be paid now. */
    async get(viewer: SignedInUser, id: string): Promise<Order> {
      return toListedOrder(await reachable(viewer, id));
    },

    /** Everything the order's detail page shows: the order, its refunds, its shipments and what happened to it when. */
    async details(viewer: SignedInUser, id: string): Promise<OrderDetails> {
      const row = await reachable(viewer, id);
      const order = toOrder(row, row.lines);
      const [refundRows, refundLines, shipmentRows] = await Promise.all([orders.refundsOf(row.id), orders.refundLinesOf(row.id), orders.shipmentsOf(row.id)]);
      const productOf = new Map(row.lines.map((line) => [line.id, line.product]));
      const refunds = refundRows.map((refund) => toRefund(refund, refundLines, productOf));
      const shipments = shipmentRows.map(toShipment);
      return { order, refunds, shipments, timeline: orderTimeline(order, refunds, shipments) };
    },

    /** The receipt of the viewer's order; an order not paid has none yet (409). */
    async receipt(viewer: SignedInUser, id: string): Promise<Receipt> {
      const row = await reachable(viewer, id);
      const receipt = receiptOf(toOrder(row, row.lines));
      if (!receipt) throw conflict('This order has no receipt until it is paid.', 'ORDER_UNPAID');
      return receipt;
    },

    /**
     * The viewer's order, if it can be paid now: unpaid, not cancelled, and every line's product still
     * sold with enough pieces in stock. Otherwise a 409 that says why, naming the line, before any card is asked for.
     */
    async getPayable(viewer: SignedInUser, id: string): Promise<Order> {
      const row = await reachable(viewer, id);
      if (row.payment_status === 'paid') throw conflict('This order is already paid.', 'ORDER_PAID');
      if (row.cancel_reason === 'expired') throw conflict('This order expired unpaid, so it cannot be paid. Please place a new one.', 'ORDER_CANCELLED');
      if (row.cancelled_at) throw conflict('This order has been cancelled, so it cannot be paid.', 'ORDER_CANCELLED');
      const unpayable = unpayableLine(row);
      if (unpayable?.reason === 'product-gone') throw conflict(`${unpayable.line.product} is no longer sold, so this order cannot be paid. Please cancel it.`, 'PRODUCT_GONE');
      if (unpayable) {
        const { line } = unpayable;
        throw conflict(`Only ${line.product_stock ?? 0} ${line.product} left in stock, fewer than this order's ${line.quantity}.`, 'OUT_OF_STOCK');
      }
      return toOrder(row, row.lines);
    },

    /** Any order, for the card processor's events, which act for no signed-in viewer. */
    async find(id: string): Promise<Order | undefined> {
      const row = isRecordId(id) ? await orders.findListedById(id) : undefined;
      return row && toOrder(row, row.lines);
    },

    /**
     * Marks the order paid by a payment the processor has confirmed, taking the pieces of every line
     * from stock in the same transaction, all or nothing. The caller has checked that the payment is
     * for this order and its total.
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
      const marked = await orders.markPaid(id, { transactionId, card }, clock().toISOString(), async (trx, paid) => {
        if (captured) await events.paid(trx, await whole(trx, paid), buyerOf(paid));
      });
      if (marked.outcome === 'out-of-stock' || marked.outcome === 'product-gone') return marked;
      if (marked.outcome === 'cancelled') return { outcome: 'cancelled' };
      const order = await this.find(id);
      if (!order) return { outcome: 'cancelled' };
      return { outcome: marked.outcome === 'paid' ? 'paid' : 'already-paid', order };
    },

    /**
     * After the processor took the money of a payment that `settle` recorded as authorised only: the
     * order, still paid by it, is announced paid. Called once, by whoever captured the payment.
     */
    async recordCapture(id: string, transactionId: string): Promise<void> {
      await orders.whilePaidBy(id, transactionId, async (trx, paid) => events.paid(trx, await whole(trx, paid), buyerOf(paid)));
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
      const cancelled = await orders.cancelUnpaid(row.id, reason, clock().toISOString(), async (trx, order) => events.cancelled(trx, await whole(trx, order)));
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
          const cancelled = await orders.cancelUnpaid(id, 'expired', now.toISOString(), async (trx, order) => events.cancelled(trx, await whole(trx, order)));
          if (cancelled) expired += 1;
        }
        if (ids.length < expiryBatch) return expired;
      }
    },

    /** Whether this person has paid for an order with this product (a refund later does not undo that they bought it). */
    async hasBought(buyer: SignedInUser, productId: string): Promise<boolean> {
      return orders.hasPaidOrder(buyer.id, productId);
    },

    /** The paid order this payment paid, for the card processor's events. */
    async orderPaidBy(transactionId: string): Promise<Order | undefined> {
      const row = await orders.findByTransactionId(transactionId);
      return row?.payment_status === 'paid' ? this.find(row.id) : undefined;
    },

    /**
     * Reserves the admin's refund before anything is asked of the card processor (ADR 029), holding
     * the order's row, so that refunds and shipments of one order queue whatever their keys. A refund
     * by line is priced from the lines' unit prices. Refused with a 409 that says why when the order
     * is not paid, the amount is more than is left once the refunds still pending are counted, a line
     * is asked for more pieces than are left to pay back, or more pieces would go back to stock than
     * are out. A key used already for this order and amount answers that refund again: still pending,
     * it is to be sent (under the same processor key, so it is made once); made, the order as it is
     * now. A key used for another refund is refused. `alongside` runs in the reserving transaction.
     */
    async reserveRefund(id: string, request: RefundRequest, alongside: (transaction: Database, refundId: string) => Promise<void>): Promise<RefundReservation> {
      const reservation = isRecordId(id)
        ? await orders.withOrderHeld(id, async (trx, row): Promise<RefundReservation> => {
            const lines = await orders.linesOf(trx, row.id);
            const asked = refundPieces(request, lines);
            const earlier = await orders.findRefundByKey(request.idempotencyKey, trx);
            if (earlier) {
              const sameRefund =
                earlier.order_id === row.id && earlier.amount_cents === asked.amountCents && samePieces(await orders.piecesOfRefund(trx, earlier.id), asked.pieces);
              if (!sameRefund) throw keyReused();
              return earlier.status === 'pending' ? { send: toPendingRefund(earlier, row) } : { settled: { order: toOrder(row, lines), refund: earlier } };
            }
            if (row.payment_status !== 'paid' || !row.transaction_id) throw conflict('Only a paid order can be refunded.', 'ORDER_NOT_PAID');
            const held = await orders.heldBack(trx, row.id);
            const left = row.price_cents - row.refunded_cents - held.cents;
            if (left <= 0) {
              throw conflict(held.cents > 0 ? 'The rest of this order is being refunded already.' : 'This order has been refunded in full already.', 'REFUND_TOO_LARGE');
            }
            if (asked.amountCents > left) throw conflict(`Only ${formatUsd(centsToDollars(left))} of this order is left to refund.`, 'REFUND_TOO_LARGE');
            for (const piece of asked.pieces)
              checkPieces(
                piece,
                lines.find((line) => line.id === piece.lineId)!,
                held,
                'amountCents' in request,
              );
            const reserved = await orders.insertPendingRefund(
              trx,
              {
                id: newRecordId(),
                order_id: row.id,
                amount_cents: asked.amountCents,
                reason: request.reason,
                restocked_quantity: asked.pieces.reduce((sum, piece) => sum + piece.restock, 0),
                idempotency_key: request.idempotencyKey,
                created_by: request.createdBy,
                created_at: clock().toISOString(),
              },
              asked.pieces,
            );
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
      const completed = await orders.completeRefund(refundId, gatewayRefundId, async (trx, order, refund) =>
        events.refunded(trx, await whole(trx, order), { amount: centsToDollars(refund.amount_cents), reason: refund.reason }),
      );
      if (completed.outcome === 'exceeds') return completed;
      if (completed.outcome === 'recorded') return { outcome: 'recorded', order: await current(completed.order.id) };
      const refund = await orders.findRefund(refundId);
      if (!refund) throw notFound('No order has that id.');
      return { outcome: 'settled', order: await current(refund.order_id) };
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
        async (trx, order, recorded) => events.refunded(trx, await whole(trx, order), { amount: centsToDollars(recorded.amount_cents), reason: recorded.reason }),
      );
      if (result.outcome === 'exceeds') return result;
      return { outcome: result.outcome, order: await current(id) };
    },

    /**
     * The admin sends a parcel: some or all of the pieces still to send (every one left when no lines
     * are named), with its carrier and tracking number. The order is partly shipped while pieces are
     * left, shipped once none are. Each shipment is announced with what it holds.
     */
    async ship(id: string, input: OrderShipmentInput): Promise<Order> {
      const result = isRecordId(id)
        ? await orders.addShipment(
            id,
            input.lines,
            { id: newRecordId(), carrier: carrierName(input.carrier), tracking_number: input.trackingNumber || null, created_at: clock().toISOString() },
            async (trx, order, shipment) => events.shipped(trx, await whole(trx, order), toShipment(shipment)),
          )
        : undefined;
      if (!result) throw notFound('No order has that id.');
      switch (result.outcome) {
        case 'recorded':
          return current(id);
        case 'not-shippable':
          if (result.status === 'refunded') throw conflict('This order was refunded in full before it was sent: there is nothing to ship.', 'ORDER_REFUNDED');
          if (result.status === 'unpaid' || result.status === null) throw conflict('Only a paid order can be shipped.');
          throw conflict(`Every piece of this order has been sent already: it is ${result.status}.`, 'NOTHING_TO_SHIP');
        case 'nothing-left':
          throw conflict('Every piece of this order has been sent or refunded already.', 'NOTHING_TO_SHIP');
        case 'unknown-line':
          throw conflict(`This order has no line ${result.lineId}.`, 'UNKNOWN_LINE');
        case 'too-many':
          throw conflict(`Only ${result.left} ${result.product} ${result.left === 1 ? 'is' : 'are'} left to ship.`, 'SHIPMENT_TOO_LARGE');
      }
    },

    /**
     * The admin's shipping step (`PATCH /orders/{id}/shipping`): shipped sends every piece left, as
     * one shipment; delivered follows shipped, stamped with its time.
     */
    async advanceShipping(id: string, update: ShippingUpdate): Promise<Order> {
      if (update.shippingStatus === 'shipped') return this.ship(id, { carrier: update.carrier, trackingNumber: update.trackingNumber });
      const row = isRecordId(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound('No order has that id.');
      if (row.payment_status !== 'paid' || !row.shipping_status) throw conflict('Only a paid order can be shipped.');
      if (row.shipping_status !== 'shipped') throw conflict(`An order that is ${row.shipping_status} cannot become delivered.`);
      const moved = await orders.markDelivered(id, clock().toISOString(), async (trx, order) => events.delivered(trx, await whole(trx, order)));
      if (!moved) throw conflict('The order changed meanwhile. Reload and try again.');
      return current(id);
    },
  };
}

/** Whether an open order is this checkout again: the same lines at the same prices, to the same phone and address. */
function sameCheckout(open: ListedOrderRow, lines: readonly PricedLine[], delivery: { phone: string; address: ShippingAddressColumns & { adress: string } }): boolean {
  const sameLines =
    open.lines.length === lines.length &&
    open.lines.every((line, index) => {
      const wanted = lines[index]!;
      return line.product_id === wanted.productId && line.quantity === wanted.quantity && line.unit_price_cents === wanted.unitPriceCents;
    });
  const sameAddress = Object.entries(delivery.address).every(([column, value]) => open[column as keyof typeof delivery.address] === value);
  return sameLines && open.phone === delivery.phone && sameAddress;
}

/** Who paid an order, for those who act on it being paid (the cart empties itself of what a cart order bought). */
function buyerOf(row: OrderRow): PaidOrderBuyer {
  return { userId: row.user_id, fromCart: row.placed_from_cart === 1 };
}

/**
 * The refund asked for, in cents and pieces per line: an amount (with its restock on the one line of
 * a one-line order), or the pieces of lines priced at what they were bought for. A line not of this
 * order, or a restock by amount on an order of several lines, is refused.
 */
function refundPieces(request: RefundRequest, lines: readonly OrderLineRow[]): { amountCents: number; pieces: RefundedPieces[] } {
  if ('amountCents' in request) {
    if (request.restock === 0) return { amountCents: request.amountCents, pieces: [] };
    if (lines.length !== 1) throw conflict('Choose the items to return to stock: refund by item for an order of several lines.', 'RESTOCK_NEEDS_LINES');
    return { amountCents: request.amountCents, pieces: [{ lineId: lines[0]!.id, quantity: request.restock, restock: request.restock }] };
  }
  const pieces = request.lines.map((piece) => {
    const line = lines.find((candidate) => candidate.id === piece.lineId);
    if (!line) throw conflict(`This order has no line ${piece.lineId}.`, 'UNKNOWN_LINE');
    return { lineId: line.id, quantity: piece.quantity, restock: request.restock ? piece.quantity : 0, cents: orderTotalCents(line.unit_price_cents, piece.quantity) };
  });
  return { amountCents: pieces.reduce((sum, piece) => sum + piece.cents, 0), pieces: pieces.map(({ cents: _cents, ...piece }) => piece) };
}

/**
 * Refuses a line's pieces that are more than are left to pay back, or to return to stock, once
 * pending refunds are counted. A refund by amount names only the pieces it returns to stock, so for
 * it the stock is what is refused.
 */
function checkPieces(piece: RefundedPieces, line: OrderLineRow, held: HeldBack, byAmount: boolean): void {
  const holding = held.lines.get(line.id) ?? { quantity: 0, restock: 0 };
  if (piece.restock > 0 && !line.product_id) throw conflict(`${line.product} is no longer sold, so its pieces cannot go back to stock.`, 'PRODUCT_GONE');
  const restockable = line.quantity - line.restocked_quantity - holding.restock;
  const tooManyToRestock = () => conflict(`Only ${Math.max(0, restockable)} of the ${line.quantity} pieces of ${line.product} can still go back to stock.`, 'RESTOCK_TOO_LARGE');
  if (byAmount && piece.restock > restockable) throw tooManyToRestock();
  const refundable = line.quantity - line.refunded_quantity - holding.quantity;
  if (piece.quantity > refundable) {
    throw conflict(`Only ${Math.max(0, refundable)} of ${line.product} ${refundable === 1 ? 'is' : 'are'} left to refund.`, 'REFUND_TOO_LARGE');
  }
  if (piece.restock > restockable) throw tooManyToRestock();
}

/** Whether a refund's recorded pieces are those asked for again under its key: the same lines, pieces and restock. */
function samePieces(recorded: readonly RefundedPieces[], asked: readonly RefundedPieces[]): boolean {
  const key = (piece: RefundedPieces) => `${piece.lineId}:${piece.quantity}:${piece.restock}`;
  const kept = new Set(recorded.map(key));
  return recorded.length === asked.length && asked.every((piece) => kept.has(key(piece)));
}

export type OrderService = ReturnType<typeof createOrderService>;
