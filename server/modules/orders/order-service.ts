import { carrierName } from '../../../common/carriers.ts';
import { cartMessages } from '../../../common/cart-rules.ts';
import { sameEmail } from '../../../common/contact-rules.ts';
import { centsToDollars, formatUsd } from '../../../common/money.ts';
import { refundOfPieces } from '../../../common/order-pricing.ts';
import { orderNumberLabel, parseOrderNumber, quantityProblem } from '../../../common/ordering.ts';
import type { BulkShipmentInput, BulkShipmentResult } from '../../../common/schemas/bulk-shipments.ts';
import { orderTimeline } from '../../../common/order-timeline.ts';
import { type Receipt, receiptOf } from '../../../common/receipt.ts';
import type { ListPlace } from '../../../common/pagination.ts';
import type { OrderDetails, OrderNote, OrderNoteInput } from '../../../common/schemas/order-details.ts';
import type { OrderReturn, Returnable } from '../../../common/schemas/returns.ts';
import type { CartCheckout, LastDelivery, Order, OrderExportQuery, OrderInput, OrderListQuery, OrderShipmentInput, ShippingUpdate } from '../../../common/schemas/orders.ts';
import { csvLine } from '../../csv.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { keysetPageOf } from '../../db/keyset-page.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { hasRight, type StaffRight } from '../../../common/staff-roles.ts';
import type { OrderCaller } from '../../plugins/route-access.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import { refuseWithoutRight } from '../auth/staff-rights.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { AuditTrail } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { DiscountService } from '../discounts/discount-service.ts';
import { type PricingService, type ProductLine, productLineOf } from '../pricing/pricing-service.ts';
import type { ProductRepository } from '../products/product-repository.ts';
import { toListedOrder, toOrder, toOrderNote, toRefund, toShipment, unpayableLine } from './order-answers.ts';
import { orderCsvHeader, orderCsvRows } from './order-csv.ts';
import type { OrderEvents, PaidOrderBuyer } from './order-events.ts';
import type { OrderKeys } from './order-keys.ts';
import type { ShopPageService } from '../shop-pages/shop-page-service.ts';
import { type Buyer, type Delivery, orderRowsOf, sameCheckout } from './order-placement.ts';
import { freeTextColumns, shippingAddressOf, shippingColumns } from './shipping-address.ts';
import type { HeldBack, LinePieces, ListedOrderRow, OrderLineRow, OrderRepository, OrderRow, PaidBy, RefundedPieces, RefundRow } from './order-repository.ts';

/** The card that paid an order: its brand, as Stripe names brands, and its last four digits. */
type PaymentCard = NonNullable<PaidBy['card']>;

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
  /** The most this admin may refund at once (support's limit, ADR 042); none for the others. */
  limitCents?: number;
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

/** A refund just reserved, as those who act on it in the reserving transaction read it (the audit trail): its order, amount and pieces. */
export interface ReservedRefund {
  orderNumber: string;
  amountCents: number;
  /** What each of its lines was, and how many pieces are paid back. */
  pieces: Array<{ product: string; quantity: number; restock: number }>;
}

/** A refund to send to the processor (reserved now, or still pending under its key), or, for a key whose refund is made, the order as it is and that refund. */
export type RefundReservation = { send: PendingRefund } | { settled: { order: Order; refund: RefundRow } };

const keyReused = () => conflict('This refund key was used for another refund. Open the refund form again.', 'IDEMPOTENCY_KEY_REUSED');

function toPendingRefund(refund: RefundRow, order: OrderRow): PendingRefund {
  // Only a paid order's refund is ever reserved, and a paid order keeps the payment that paid it.
  return { id: refund.id, orderId: order.id, transactionId: order.transaction_id ?? '', amountCents: refund.amount_cents, reason: refund.reason };
}

/**
 * How settling an order with a confirmed payment went: paid now (every line's pieces taken from
 * stock), paid already (by this payment or another), or not payable: a line (named) short of stock
 * or no longer sold, or the order cancelled meanwhile.
 */
export type Settlement = { outcome: 'paid' | 'already-paid'; order: Order } | { outcome: 'out-of-stock' | 'product-gone'; product: string } | { outcome: 'cancelled' };

/** Orders the CSV export reads per query. */
const exportBatchSize = 500;

/** Orders the expiry sweep cancels per query. */
const expiryBatch = 100;

/** Refuses, with 409, to cancel or pay an order that is paid or cancelled already. */
function refuseUnlessOpen(row: OrderRow): void {
  if (row.payment_status === 'paid') throw conflict('A paid order cannot be cancelled.', 'ORDER_PAID');
  if (row.cancel_reason === 'expired') throw conflict('This order expired unpaid and has been cancelled already.', 'ORDER_CANCELLED');
  if (row.cancelled_at) throw conflict('This order has been cancelled already.', 'ORDER_CANCELLED');
}

/** What the orders module uses of others': pricing, the discount codes orders hold, the keys of guests' orders, and the credit notes of refunds. */
export interface OrderServiceParts {
  pricing: Pick<PricingService, 'priceForOrder'>;
  discounts: Pick<DiscountService, 'redeem'>;
  keys: OrderKeys;
  /** The credit note numbers of an order's refunds, by refund. */
  creditNotesOf: (orderId: string) => Promise<Map<string, string>>;
  /** Where staff actions on orders are recorded (ADR 043). */
  audit: Pick<AuditTrail, 'record' | 'recordAlone'>;
  /** The order's returns, and what may still be sent back of it (the returns module's, ADR 040). */
  returnsOf: (order: Order) => Promise<{ returns: OrderReturn[]; returnable?: Returnable | undefined }>;
  /** The terms of sale's versions (the shop pages' module, ADR 044): the one in force as an order is placed, and one by number for its staff. */
  terms: Pick<ShopPageService, 'termsInForce' | 'termsVersion'>;
}

/**
 * Orders and their state, as design.md's table allows: customers reach their own, admins every one,
 * and a guest the one whose key they hold. Other modules get `Order`s from here and change an order
 * only through these operations. Each change is announced to `events` inside its own transaction (ADR 011).
 */
export function createOrderService(orders: OrderRepository, products: ProductRepository, clock: Clock, events: OrderEvents, parts: OrderServiceParts) {
  const { pricing, discounts, keys, audit } = parts;

  /**
   * The order, if the caller may see it and, when it is someone else's, their staff role holds `right`
   * ('orders.read' to read it, 'orders' to act on it, ADR 042). Someone else's order answers 404 to a
   * caller who may not even read it, so that ids reveal nothing; staff who may read it but not act on
   * it are told so.
   */
  async function reachable(caller: OrderCaller, id: string, right: StaffRight = 'orders.read'): Promise<ListedOrderRow> {
    const row = isRecordId(id) ? await orders.findListedById(id) : undefined;
    const byKey = row && 'orderKey' in caller && keys.opens(row.id, caller.orderKey);
    const own = row && 'id' in caller && row.user_id === caller.id;
    if (row && (byKey || own)) return row;
    if (!row || !readsEveryOrder(caller)) throw notFound('No order of yours has that id.');
    refuseWithoutRight({ staffRole: staffRoleOf(caller) }, right);
    return row;
  }

  const staffRoleOf = (caller: OrderCaller) => ('staffRole' in caller ? caller.staffRole : null);
  /** Whether the caller is staff who may read every order. */
  const readsEveryOrder = (caller: OrderCaller) => hasRight(staffRoleOf(caller), 'orders.read');

  /** The order whole, read in the transaction that changed it, to announce it. */
  const whole = async (transaction: Database, row: OrderRow) => toOrder(row, await orders.linesOf(transaction, row.id));

  /**
   * A paid order as its payment's transaction announced it, with the number its invoice was given:
   * on PostgreSQL at the commit (ADR 067), so read after it (its row, by its key).
   */
  async function withInvoiceNumber(order: Order): Promise<Order> {
    // The payment is recorded whatever happens to this read: failing it, the order goes without the number.
    const row = await orders.findById(order._id).catch(() => undefined);
    return row?.invoice_number ? { ...order, invoiceNumber: row.invoice_number } : order;
  }

  /** The order whole as it is now, read after a change. */
  async function current(id: string): Promise<Order> {
    const row = await orders.findListedById(id);
    if (!row) throw notFound('No order has that id.');
    return toOrder(row, row.lines);
  }

  /**
   * Places the order its quote priced, in one transaction: it takes the next number, holds a use of
   * its discount code (refused, and nothing placed, when none is left), ends the open checkout it
   * replaces, and is announced.
   */
  async function placeQuoted(
    buyer: Buyer,
    lines: readonly ProductLine[],
    quote: Awaited<ReturnType<PricingService['priceForOrder']>>,
    delivery: Delivery,
    options: { fromCart: boolean; replacing?: ListedOrderRow | undefined },
  ) {
    // The terms the customer accepts by placing it: those in force now, never what the browser says.
    const termsVersion = await parts.terms.termsInForce();
    const rows = orderRowsOf(buyer, lines, quote, delivery, { at: clock().toISOString(), fromCart: options.fromCart, termsVersion });
    // The order as its transaction placed and announced it is the answer: nothing else writes it
    // before the commit, and reading it again after would be two more queries for every checkout.
    let placed: Order | undefined;
    await orders.insert(rows.header, rows.lines, async (trx, row, lines) => {
      if (options.replacing) {
        const replaced = await orders.cancelUnpaidIn(trx, options.replacing.id, 'replaced', row.created_at);
        if (replaced) await events.cancelled(trx, await whole(trx, replaced));
      }
      if (row.discount_code) await discounts.redeem(trx, { code: row.discount_code, orderId: row.id, email: row.email });
      placed = toOrder(row, lines);
      await events.placed(trx, placed);
    });
    if (!placed) throw new Error('An order was placed without its transaction announcing it.');
    return placed;
  }

  return {
    /** Buy Now: an order of one product, priced by the server with its shipping, code and tax. */
    async place(viewer: SignedInUser, input: OrderInput): Promise<Order> {
      const variantId = input.variantId ?? input.productId;
      const variant = isRecordId(variantId) ? (await products.sellable([variantId])).get(variantId) : undefined;
      if (!variant || variant.productId !== input.productId || variant.hidden) throw notFound('That product is no longer in the catalogue.');
      if (variant.hasOptions && !input.variantId) throw new AppError(400, 'VALIDATION_FAILED', cartMessages.chooseVariant);
      const problem = quantityProblem(input.quantity, { minQuantity: variant.minQuantity, availQuantity: variant.availQuantity });
      if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem);
      const lines = [productLineOf(variant, input.quantity)];
      const quote = await pricing.priceForOrder({ lines, destination: input.shippingAddress, choices: input, customerEmail: viewer.email, addressTyped: !input.shippingAddress });
      const address = input.shippingAddress ? shippingColumns(input.shippingAddress) : freeTextColumns(input.adress ?? '', viewer.name);
      return placeQuoted({ kind: 'customer', viewer }, lines, quote, { phone: input.phone, address }, { fromCart: false });
    },

    /**
     * The cart's checkout: one unpaid order of every line of the cart (priced by the server), to the
     * phone and address given, sent the way chosen, with the code given. A customer checking out the
     * same cart the same way again (Back from the payment page, then Continue) is answered the order
     * placed then; checking it out otherwise replaces that order, which is cancelled as replaced. A
     * guest's checkout is answered with the key that opens their order.
     */
    async placeFromCart(buyer: Buyer, lines: readonly ProductLine[], input: CartCheckout): Promise<Order & { accessKey?: string }> {
      const email = buyer.kind === 'customer' ? buyer.viewer.email : buyer.email;
      const quote = await pricing.priceForOrder({ lines, destination: input.shippingAddress, choices: input, customerEmail: email });
      const delivery = { phone: input.phone, address: shippingColumns(input.shippingAddress) };
      if (buyer.kind === 'guest') {
        const order = await placeQuoted(buyer, lines, quote, delivery, { fromCart: true });
        return { ...order, accessKey: keys.keyOf(order._id) };
      }
      const open = await orders.lastOpenCartOrder(buyer.viewer.id);
      const again = orderRowsOf(buyer, lines, quote, delivery, { at: '', fromCart: true, termsVersion: await parts.terms.termsInForce() });
      if (open && sameCheckout(open, again)) return toOrder(open, open.lines);
      return placeQuoted(buyer, lines, quote, delivery, { fromCart: true, replacing: open });
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
      const staffReading = readsEveryOrder(viewer);
      if (!staffReading && !sameEmail(viewer.email, email)) {
        if (viewer.staffRole) refuseWithoutRight(viewer, 'orders.read');
        throw new AppError(403, 'FORBIDDEN', 'You can only see your own orders.');
      }
      // A customer's own orders are those of their account: a guest's order placed with their address
      // is theirs only once their account has confirmed it (ADR 038). Staff who read orders see every order of an address.
      const { rows, total } = staffReading ? await orders.listByEmail(email.trim().toLowerCase(), page) : await orders.listByAccount(viewer.id, page);
      return { items: rows.map(toListedOrder), total };
    },

    /** The order as its page shows it, with whether it can be paid now. */
    async get(caller: OrderCaller, id: string): Promise<Order> {
      return toListedOrder(await reachable(caller, id));
    },

    /** Everything the order's detail page shows: the order, its refunds, its shipments and what happened to it when. */
    async details(caller: OrderCaller, id: string): Promise<OrderDetails> {
      const row = await reachable(caller, id);
      const order = toOrder(row, row.lines);
      const [refundRows, refundLines, shipmentRows, creditNotes, { returns, returnable }] = await Promise.all([
        orders.refundsOf(row.id),
        orders.refundLinesOf(row.id),
        orders.shipmentsOf(row.id),
        parts.creditNotesOf(row.id),
        parts.returnsOf(order),
      ]);
      const productOf = new Map(row.lines.map((line) => [line.id, line.product]));
      const refunds = refundRows.map((refund) => toRefund(refund, refundLines, productOf, creditNotes));
      const shipments = shipmentRows.map(toShipment);
      const answer = { order, refunds, shipments, returns, ...(returnable && { returnable }), timeline: orderTimeline(order, refunds, shipments, returns) };
      // Internal notes are the staff's: a customer's or a guest's answer has no `notes` at all.
      if (!readsEveryOrder(caller)) return answer;
      const [notes, termsAccepted] = await Promise.all([orders.notesOf(row.id), row.terms_version === null ? undefined : parts.terms.termsVersion(row.terms_version)]);
      return { ...answer, notes: notes.map(toOrderNote), ...(termsAccepted && { termsAccepted }) };
    },

    /** A staff member's internal note on an order, which only staff read; the order's notes after it, newest first. */
    async addNote(author: SignedInUser, id: string, input: OrderNoteInput, actor: StaffActor): Promise<OrderNote[]> {
      const note = isRecordId(id)
        ? await orders.addNote(
            { id: newRecordId(), order_id: id, author_id: author.id, author_name: author.name, text: input.text, created_at: clock().toISOString() },
            (trx, order) => audit.record(trx, actor, { kind: 'order.noted', subject: orderNumberLabel(order.number), detail: { facts: { note: input.text } } }),
          )
        : undefined;
      if (!note) throw notFound('No order has that id.');
      return (await orders.notesOf(id)).map(toOrderNote);
    },

    /**
     * The admin's list with the same filter, as a CSV file named for today: one row per line of each
     * order, newest order first. The rows are read in batches as the client takes them (each sought on
     * the list's index from where the last ended), so a million orders never sit in memory.
     */
    async exportCsv({ stage, q }: OrderExportQuery, actor: StaffActor): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
      // Data leaving the shop: recorded, with the filter, before the first row is read.
      await audit.recordAlone(actor, { kind: 'orders.exported', subject: 'orders.csv', detail: { facts: { stage: stage ?? 'all', search: q ?? '' } } });
      const number = q ? parseOrderNumber(q) : undefined;
      const filter = { stage, number, text: number === undefined ? q : undefined };
      const fileName = `orders${stage ? `-${stage}` : ''}-${clock().toISOString().slice(0, 10)}.csv`;
      async function* chunks(): AsyncGenerator<string> {
        yield csvLine(orderCsvHeader);
        let after: ListPlace | undefined;
        for (;;) {
          const rows = await orders.exportBatch(filter, after, exportBatchSize);
          const last = rows.at(-1);
          if (!last) return;
          yield rows.map(orderCsvRows).join('');
          if (rows.length < exportBatchSize) return;
          after = { createdAt: last.created_at, id: last.id };
        }
      }
      return { fileName, chunks: chunks() };
    },

    /** The receipt of the viewer's order; an order not paid has none yet (409). */
    async receipt(caller: OrderCaller, id: string): Promise<Receipt> {
      const row = await reachable(caller, id);
      const receipt = receiptOf(toOrder(row, row.lines));
      if (!receipt) throw conflict('This order has no receipt until it is paid.', 'ORDER_UNPAID');
      return receipt;
    },

    /**
     * The viewer's order, if it can be paid now: unpaid, not cancelled, and every line's product still
     * sold with enough pieces in stock. Otherwise a 409 that says why, naming the line, before any card is asked for.
     */
    async getPayable(caller: OrderCaller, id: string): Promise<Order> {
      const row = await reachable(caller, id, 'orders');
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

    /** Whether the order has been cancelled (one column: checked after each payment is started). */
    isCancelled: (id: string): Promise<boolean> => orders.isCancelled(id),

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
     * authorised payment the announcement waits for `recordCapture`, and this transaction announces
     * nothing: should the process stop before the capture, the order itself (paid, its capture not
     * recorded) is what the payments module's sweep finds and finishes (ADR 069). A settlement that
     * finds the order paid already changes nothing and announces nothing, so paying twice sends one receipt.
     *
     * `card` is the brand and last four digits of the card that paid, where the processor says
     * them; the order keeps them to show which card paid. Never more of the number.
     */
    async settle(id: string, transactionId: string, { captured, card }: { captured: boolean; card?: PaymentCard | undefined }): Promise<Settlement> {
      let settled: Order | undefined;
      const marked = await orders.markPaid(id, { transactionId, card, captured }, clock().toISOString(), async (trx, paid, lines) => {
        const order = toOrder(paid, lines);
        settled = order;
        if (captured) await events.paid(trx, order, buyerOf(paid));
      });
      if (marked.outcome === 'out-of-stock' || marked.outcome === 'product-gone') return marked;
      if (marked.outcome === 'cancelled') return { outcome: 'cancelled' };
      if (marked.outcome === 'paid' && settled) return { outcome: 'paid', order: captured ? await withInvoiceNumber(settled) : settled };
      const order = await this.find(id);
      if (!order) return { outcome: 'cancelled' };
      return { outcome: 'already-paid', order };
    },

    /**
     * After the processor took the money of a payment that `settle` recorded as authorised only: the
     * order, still paid by it, is recorded captured and announced paid, in one transaction and once,
     * however many callers record it (the request that captured it, the follow-up job, ADR 056).
     * Answers the order as that transaction left it (with its invoice), or undefined when this call
     * recorded nothing (another had).
     */
    async recordCapture(id: string, transactionId: string): Promise<Order | undefined> {
      let recorded: Order | undefined;
      await orders.markCaptured(id, transactionId, clock().toISOString(), async (trx, paid, lines) => {
        recorded = toOrder(paid, lines);
        await events.paid(trx, recorded, buyerOf(paid));
      });
      return recorded && (await withInvoiceNumber(recorded));
    },

    /** Whether the order is paid by this payment, authorised only, and its capture not recorded yet: what the follow-up finishes. */
    awaitsCapture: (id: string, transactionId: string): Promise<boolean> => orders.awaitsCapture(id, transactionId),

    /** Up to `limit` orders marked paid before `paidBefore` by a payment whose capture is not recorded yet, oldest first (ADR 069). */
    awaitingCapture: (paidBefore: Date, limit: number) => orders.findAwaitingCapture(paidBefore.toISOString(), limit),

    /**
     * After the processor failed to take the money: the order settled by this payment is unpaid again,
     * its pieces back in stock. An order whose capture is recorded stays paid.
     */
    async reopen(id: string, transactionId: string): Promise<void> {
      await orders.revertPayment(id, transactionId);
    },

    /**
     * Cancels an unpaid order, which is kept with who cancelled it; it can never be paid after. The
     * answer keeps the specification's `{ deletedCount: 1 }`. A paid order, or one cancelled already,
     * answers 409 and announces nothing.
     */
    async cancel(caller: OrderCaller, id: string, staff: StaffActor | undefined): Promise<{ deletedCount: number }> {
      const row = await reachable(caller, id, 'orders');
      refuseUnlessOpen(row);
      const ownOrder = 'id' in caller && row.user_id === caller.id;
      const reason = !ownOrder && readsEveryOrder(caller) ? 'admin' : 'customer';
      const cancelled = await orders.cancelUnpaid(row.id, reason, clock().toISOString(), async (trx, order) => {
        await events.cancelled(trx, await whole(trx, order));
        // A customer cancelling their own order is no staff action.
        if (reason === 'admin' && staff) await audit.record(trx, staff, { kind: 'order.cancelled', subject: orderNumberLabel(order.number) });
      });
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

    /** A guest's orders join the account that confirmed their address (ADR 038); answers how many did. */
    claimGuestOrders: (userId: string) => orders.claimGuestOrders(userId),

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
    async reserveRefund(
      id: string,
      request: RefundRequest,
      alongside: (transaction: Database, refundId: string, reserved: ReservedRefund) => Promise<void>,
    ): Promise<RefundReservation> {
      const reservation = isRecordId(id)
        ? await orders.withOrderHeld(id, async (trx, row): Promise<RefundReservation> => {
            const lines = await orders.linesOf(trx, row.id);
            const held = await orders.heldBack(trx, row.id);
            const earlier = await orders.findRefundByKey(request.idempotencyKey, trx);
            if (earlier) {
              // The same refund asked again: the same amount, or the same pieces (priced when it was first asked).
              const sameAmount = 'amountCents' in request ? earlier.amount_cents === request.amountCents : true;
              const sameRefund = earlier.order_id === row.id && sameAmount && samePieces(await orders.piecesOfRefund(trx, earlier.id), refundPieces(request, lines, held).pieces);
              if (!sameRefund) throw keyReused();
              return earlier.status === 'pending' ? { send: toPendingRefund(earlier, row) } : { settled: { order: toOrder(row, lines), refund: earlier } };
            }
            const asked = refundPieces(request, lines, held);
            if (row.payment_status !== 'paid' || !row.transaction_id) throw conflict('Only a paid order can be refunded.', 'ORDER_NOT_PAID');
            const left = row.price_cents - row.refunded_cents - held.cents;
            if (left <= 0) {
              throw conflict(held.cents > 0 ? 'The rest of this order is being refunded already.' : 'This order has been refunded in full already.', 'REFUND_TOO_LARGE');
            }
            if (asked.amountCents > left) throw conflict(`Only ${formatUsd(centsToDollars(left))} of this order is left to refund.`, 'REFUND_TOO_LARGE');
            if (request.limitCents !== undefined && asked.amountCents > request.limitCents) {
              throw new AppError(
                403,
                'FORBIDDEN',
                `Your role may refund up to ${formatUsd(centsToDollars(request.limitCents))} at a time; this refund is ${formatUsd(centsToDollars(asked.amountCents))}. Ask a manager or the owner to make it.`,
              );
            }
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
            await alongside(trx, reserved.id, {
              orderNumber: orderNumberLabel(row.number),
              amountCents: reserved.amount_cents,
              pieces: asked.pieces.map((piece) => ({ product: lines.find((line) => line.id === piece.lineId)!.product, quantity: piece.quantity, restock: piece.restock })),
            });
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
        events.refunded(trx, await whole(trx, order), {
          id: refund.id,
          amount: centsToDollars(refund.amount_cents),
          reason: refund.reason,
          pieces: await orders.piecesOfRefund(trx, refund.id),
        }),
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
        async (trx, order, recorded) =>
          events.refunded(trx, await whole(trx, order), { id: recorded.id, amount: centsToDollars(recorded.amount_cents), reason: recorded.reason, pieces: [] }),
      );
      if (result.outcome === 'exceeds') return result;
      return { outcome: result.outcome, order: await current(id) };
    },

    /**
     * The admin sends a parcel: some or all of the pieces still to send (every one left when no lines
     * are named), with its carrier and tracking number. The order is partly shipped while pieces are
     * left, shipped once none are. Each shipment is announced with what it holds.
     */
    async ship(id: string, input: OrderShipmentInput, actor: StaffActor): Promise<Order> {
      const result = isRecordId(id)
        ? await orders.addShipment(
            id,
            input.lines,
            { id: newRecordId(), carrier: carrierName(input.carrier), tracking_number: input.trackingNumber || null, created_at: clock().toISOString() },
            async (trx, order, shipment) => {
              await events.shipped(trx, await whole(trx, order), toShipment(shipment));
              const pieces = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
              await audit.record(trx, actor, {
                kind: 'order.shipped',
                subject: orderNumberLabel(order.number),
                detail: { facts: { carrier: shipment.carrier, tracking: shipment.tracking_number, pieces } },
              });
            },
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
     * Ship several orders in one action (`POST /orders/shipments`): every piece left of each, with its
     * own tracking number, each in its own transaction through `ship`, so that each order's stage,
     * timeline and customer's e-mail are as for one. An order named by a number that is no order's, or
     * more than once, or that cannot be shipped (unpaid, cancelled, refunded, sent already) is skipped
     * with the reason; the others are shipped.
     */
    async shipMany({ carrier, entries }: BulkShipmentInput, actor: StaffActor): Promise<BulkShipmentResult> {
      const numbers = entries.map((entry) => parseOrderNumber(entry.orderNumber));
      const times = new Map<number, number>();
      for (const number of numbers) if (number !== undefined) times.set(number, (times.get(number) ?? 0) + 1);
      const found = new Map((await orders.findByNumbers([...times.keys()])).map((row) => [row.number, row]));
      const result: BulkShipmentResult = { shipped: [], skipped: [] };
      for (const [index, entry] of entries.entries()) {
        const number = numbers[index];
        const skip = (reason: string) => result.skipped.push({ orderNumber: entry.orderNumber, reason });
        if (number === undefined) {
          skip(`“${entry.orderNumber}” is not an order number.`);
          continue;
        }
        const label = orderNumberLabel(number);
        const row = found.get(number);
        if ((times.get(number) ?? 0) > 1) skip(`${label} is in the list more than once: ship it with one tracking number.`);
        else if (!row) skip(`No order has the number ${label}.`);
        else if (row.cancelled_at) skip('This order was cancelled: there is nothing to ship.');
        else {
          try {
            await this.ship(row.id, { carrier, trackingNumber: entry.trackingNumber }, actor);
            result.shipped.push({ orderNumber: label, orderId: row.id });
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            skip(error.message);
          }
        }
      }
      return result;
    },

    /**
     * The admin's shipping step (`PATCH /orders/{id}/shipping`): shipped sends every piece left, as
     * one shipment; delivered follows shipped, stamped with its time.
     */
    async advanceShipping(id: string, update: ShippingUpdate, actor: StaffActor): Promise<Order> {
      if (update.shippingStatus === 'shipped') return this.ship(id, { carrier: update.carrier, trackingNumber: update.trackingNumber }, actor);
      const row = isRecordId(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound('No order has that id.');
      if (row.payment_status !== 'paid' || !row.shipping_status) throw conflict('Only a paid order can be shipped.');
      if (row.shipping_status !== 'shipped') throw conflict(`An order that is ${row.shipping_status} cannot become delivered.`);
      const moved = await orders.markDelivered(id, clock().toISOString(), async (trx, order) => {
        await events.delivered(trx, await whole(trx, order));
        await audit.record(trx, actor, {
          kind: 'order.shipped',
          subject: orderNumberLabel(order.number),
          detail: { changes: [{ field: 'shipping', before: 'shipped', after: 'delivered' }] },
        });
      });
      if (!moved) throw conflict('The order changed meanwhile. Reload and try again.');
      return current(id);
    },
  };
}

/** Who paid an order, for those who act on it being paid (the cart empties itself of what a cart order bought). */
function buyerOf(row: OrderRow): PaidOrderBuyer {
  return { userId: row.user_id, fromCart: row.placed_from_cart === 1 };
}

/**
 * The refund asked for, in cents and pieces per line: an amount (with its restock on the one line of
 * a one-line order), or the pieces of lines priced at what they cost the buyer (after the discount,
 * with their tax), counting the pieces paid back already or held by a pending refund. A line not of this
 * order, or a restock by amount on an order of several lines, is refused.
 */
function refundPieces(request: RefundRequest, lines: readonly OrderLineRow[], held: HeldBack): { amountCents: number; pieces: RefundedPieces[] } {
  if ('amountCents' in request) {
    if (request.restock === 0) return { amountCents: request.amountCents, pieces: [] };
    if (lines.length !== 1) throw conflict('Choose the items to return to stock: refund by item for an order of several lines.', 'RESTOCK_NEEDS_LINES');
    return { amountCents: request.amountCents, pieces: [{ lineId: lines[0]!.id, quantity: request.restock, restock: request.restock }] };
  }
  const pieces = request.lines.map((piece) => {
    const line = lines.find((candidate) => candidate.id === piece.lineId);
    if (!line) throw conflict(`This order has no line ${piece.lineId}.`, 'UNKNOWN_LINE');
    // What the pieces cost the buyer: their share of the line after its discount, with its tax.
    const back = line.refunded_quantity + (held.lines.get(line.id)?.quantity ?? 0);
    const cents = refundOfPieces({ quantity: line.quantity, totalCents: line.total_cents }, back, piece.quantity);
    return { lineId: line.id, quantity: piece.quantity, restock: request.restock ? piece.quantity : 0, cents };
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
  if (piece.restock > 0 && !line.variant_id) throw conflict(`${line.product} is no longer sold, so its pieces cannot go back to stock.`, 'PRODUCT_GONE');
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
