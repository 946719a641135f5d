import { centsToDollars } from '../../../common/money.ts';
import { orderNumberLabel } from '../../../common/ordering.ts';
import { returnNumberOf, returnReasonLabels, returnWindowEnd, type ReturnReason } from '../../../common/returns.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { OrderReturn, ReturnDecisionInput, Returnable, ReturnListQuery, ReturnRequestInput } from '../../../common/schemas/returns.ts';
import { hasRight } from '../../../common/staff-roles.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { SellableVariant } from '../../db/sellable-variants.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { OrderReturns } from '../orders/order-returns.ts';
import type { RefundService } from '../payments/refund-service.ts';
import type { ListedReturnRow, ReturnRepository } from './return-repository.ts';

/** What a return's customer is told at each step; each is queued in the transaction of the step. */
export interface ReturnNotices {
  requested(transaction: Database, order: Order, made: OrderReturn): Promise<void>;
  approved(transaction: Database, order: Order, made: OrderReturn): Promise<void>;
  refused(transaction: Database, order: Order, made: OrderReturn): Promise<void>;
  received(transaction: Database, order: Order, made: OrderReturn, exchangeOrder?: Order): Promise<void>;
}

export interface ReturnServiceParts {
  returns: ReturnRepository;
  orders: OrderReturns;
  refunds: Pick<RefundService, 'refund'>;
  /** The variants with these ids as a checkout reads them (the catalogue's). */
  sellable: (variantIds: readonly string[]) => Promise<Map<string, SellableVariant>>;
  /** Days after delivery within which pieces may be sent back (the owner's setting). */
  windowDays: () => Promise<number>;
  notices: ReturnNotices;
  /** Records each decision in the audit trail, in the decision's own transaction. */
  audit: AuditRecorder;
  clock: Clock;
}

export function toOrderReturn(row: ListedReturnRow): OrderReturn {
  const orderNumber = orderNumberLabel(row.order_number);
  return {
    id: row.id,
    number: returnNumberOf(orderNumber, row.seq),
    orderId: row.order_id,
    orderNumber,
    customerName: row.customer_name,
    status: row.status,
    reason: row.reason as ReturnReason,
    ...(row.note && { note: row.note }),
    lines: row.lines.map((line) => ({ lineId: line.line_id, product: line.product, variant: line.variant, quantity: line.quantity })),
    ...(row.refusal_reason && { refusalReason: row.refusal_reason }),
    ...(row.resolution && { resolution: row.resolution }),
    ...(row.refund_id && { refundId: row.refund_id }),
    ...(row.exchange &&
      row.exchange_order_id && {
        exchange: {
          orderId: row.exchange_order_id,
          orderNumber: orderNumberLabel(row.exchange.order_number),
          variant: [row.exchange.product, row.exchange.variant].filter(Boolean).join(' · '),
          amountDue: centsToDollars(row.exchange.price_cents),
        },
      }),
    createdAt: row.created_at,
    ...(row.decided_at && { decidedAt: row.decided_at }),
    ...(row.received_at && { receivedAt: row.received_at }),
  };
}

/** Pieces of each line still free to send back: delivered, less those paid back or being, less those other returns hold. */
function piecesLeft(lines: ReadonlyArray<{ id: string; delivered: number; paidBack: number }>, held: Map<string, number>): Map<string, number> {
  return new Map(lines.map((line) => [line.id, Math.max(0, line.delivered - line.paidBack - (held.get(line.id) ?? 0))]));
}

const moved = (status: string) => conflict(`This return is ${status} already: reload to see it as it is.`, 'RETURN_STATUS');

/**
 * Returns and exchanges (ADR 040). A customer asks to send back pieces of a delivered order within
 * the return window; the admin approves (the instructions are mailed) or refuses (with why); once the
 * parcel arrives it is marked received and refunded through the refund path, or exchanged for another
 * variant as a new order. Every step is one conditional update from the status before it, so that two
 * admins pressing at once do one thing; the pieces are counted in the transaction that holds the order.
 */
export function createReturnService({ returns, orders, refunds, sellable, windowDays, notices, audit, clock }: ReturnServiceParts) {
  /** A decision as the audit trail keeps it: the return's number, its order, and what was decided. */
  function recordDecision(transaction: Database, actor: StaffActor, decided: OrderReturn, facts: Record<string, string>) {
    return audit(transaction, actor, { kind: 'return.decided', subject: decided.number, detail: { facts: { order: decided.orderNumber, decision: decided.status, ...facts } } });
  }

  async function current(id: string): Promise<ListedReturnRow> {
    const row = isRecordId(id) ? await returns.find(id) : undefined;
    if (!row) throw notFound('No return has that id.');
    return row;
  }

  /** Refunds the pieces of a received return through the one refund path, once (its key is the return's). */
  async function refundPieces(viewer: SignedInUser, made: ListedReturnRow, actor: StaffActor) {
    const number = toOrderReturn(made).number;
    return refunds.refund(
      viewer,
      made.order_id,
      {
        lines: made.lines.map((line) => ({ lineId: line.line_id, quantity: line.quantity })),
        restock: true,
        reason: `Return ${number}: ${returnReasonLabels[made.reason as ReturnReason]}`,
        idempotencyKey: `return:${made.id}`,
      },
      actor,
    );
  }

  async function receive(viewer: SignedInUser, made: ListedReturnRow, input: ReturnDecisionInput, actor: StaffActor): Promise<void> {
    const now = clock().toISOString();
    const order = await orders.orderOf(made.order_id);
    if (input.resolution === 'refund') {
      if (!hasRight(viewer.staffRole, 'refunds')) throw new AppError(403, 'FORBIDDEN', 'Giving money back needs the refunds right.');
      const refunded = await refundPieces(viewer, made, actor);
      await returns.inTransaction(async (trx) => {
        const received = await returns.move(trx, made.id, 'approved', { status: 'received', resolution: 'refund', refund_id: refunded.refund.id, received_at: now });
        if (!received) throw moved('received');
        await notices.received(trx, order, toOrderReturn(received));
        await recordDecision(trx, actor, toOrderReturn(received), { resolution: 'refund' });
      });
      return;
    }
    const [line, ...others] = made.lines;
    if (!line || others.length > 0)
      throw conflict('An exchange is for the pieces of one line: refund the others, or ask the customer for a return per line.', 'EXCHANGE_NOT_POSSIBLE');
    const variant = input.exchangeVariantId && isRecordId(input.exchangeVariantId) ? (await sellable([input.exchangeVariantId])).get(input.exchangeVariantId) : undefined;
    if (!variant || variant.hidden) throw notFound('That variant is no longer sold.');
    const bought = order.lines.find((candidate) => candidate.lineId === line.line_id);
    // A cheaper variant gives money back: that needs the refunds right as well.
    if (bought && variant.priceCents < Math.round(bought.unitPrice * 100) && !hasRight(viewer.staffRole, 'refunds')) {
      throw new AppError(403, 'FORBIDDEN', 'This exchange gives money back, which needs the refunds right.');
    }
    const placed = await orders.exchange(made.order_id, { lineId: line.line_id, quantity: line.quantity, variant }, async (trx, exchangeOrder) => {
      const received = await returns.move(trx, made.id, 'approved', {
        status: 'received',
        resolution: 'exchange',
        exchange_variant_id: variant.variantId,
        exchange_order_id: exchangeOrder._id,
        received_at: now,
      });
      if (!received) throw moved('received');
      await notices.received(trx, order, toOrderReturn(received), exchangeOrder);
      await recordDecision(trx, actor, toOrderReturn(received), {
        resolution: 'exchange',
        variant: variant.sku,
        'exchange order': exchangeOrder.orderNumber,
      });
    });
    if (placed.backCents > 0) {
      const number = toOrderReturn(made).number;
      const refunded = await refunds.refund(
        viewer,
        made.order_id,
        {
          amount: centsToDollars(placed.backCents),
          restock: 0,
          reason: `Return ${number}: the exchanged variant costs less`,
          idempotencyKey: `return:${made.id}:difference`,
        },
        actor,
      );
      await returns.setRefund(made.id, refunded.refund.id);
    }
  }

  return {
    /**
     * The customer asks to send back pieces of their delivered order: in the transaction that holds
     * the order, never more of a line than was delivered, less what was paid back and what other
     * returns hold. Another's order is a 404; a closed window, an undelivered order or too many pieces a 409.
     */
    async request(viewer: SignedInUser, orderId: string, input: ReturnRequestInput): Promise<OrderReturn> {
      const days = await windowDays();
      const made = await orders.whileHeld(orderId, async (trx, held) => {
        if (held.userId !== viewer.id) throw notFound('No order of yours has that id.');
        if (held.order.shippingStatus !== 'delivered' || !held.deliveredAt) throw conflict('Only a delivered order can be returned.', 'NOT_DELIVERED');
        const until = returnWindowEnd(held.deliveredAt, days);
        if (clock().toISOString() > until) {
          throw conflict(`The return window of this order closed on ${until.slice(0, 10)}, ${days} days after it was delivered.`, 'RETURN_WINDOW_CLOSED');
        }
        const left = piecesLeft(held.lines, await returns.piecesHeld(held.order._id, trx));
        for (const piece of input.lines) {
          const line = held.lines.find((candidate) => candidate.id === piece.lineId);
          if (!line) throw new AppError(400, 'VALIDATION_FAILED', `This order has no line ${piece.lineId}.`);
          const free = left.get(line.id) ?? 0;
          if (piece.quantity > free) {
            throw conflict(
              free === 0
                ? `Every piece of ${line.product} has been sent back or refunded already.`
                : `Only ${free} of ${line.product} can still be sent back (${line.delivered} delivered).`,
              'RETURN_TOO_LARGE',
            );
          }
        }
        const row = await returns.insert(
          trx,
          {
            id: newRecordId(),
            order_id: held.order._id,
            seq: await returns.nextSeq(trx, held.order._id),
            status: 'requested',
            reason: input.reason,
            note: input.note ?? null,
            refusal_reason: null,
            resolution: null,
            refund_id: null,
            exchange_variant_id: null,
            exchange_order_id: null,
            created_at: clock().toISOString(),
            decided_at: null,
            received_at: null,
          },
          input.lines,
        );
        const answer = toOrderReturn(row);
        await notices.requested(trx, held.order, answer);
        return answer;
      });
      return made;
    },

    /** The admin's decision (`actor` is who the refund path records): approve or refuse a requested return, or mark an approved one received and refund or exchange it. */
    async decide(viewer: SignedInUser, id: string, input: ReturnDecisionInput, actor: StaffActor): Promise<OrderReturn> {
      const made = await current(id);
      if (input.decision === 'received') {
        if (made.status !== 'approved')
          throw conflict(made.status === 'received' ? 'This return was marked received already.' : 'Approve the return before marking it received.', 'RETURN_STATUS');
        await receive(viewer, made, input, actor);
        return toOrderReturn(await current(id));
      }
      if (made.status !== 'requested') throw moved(made.status);
      const order = await orders.orderOf(made.order_id);
      const now = clock().toISOString();
      await returns.inTransaction(async (trx) => {
        const decided =
          input.decision === 'approve'
            ? await returns.move(trx, made.id, 'requested', { status: 'approved', decided_at: now })
            : await returns.move(trx, made.id, 'requested', { status: 'refused', refusal_reason: input.reason ?? null, decided_at: now });
        if (!decided) throw moved('decided');
        const answer = toOrderReturn(decided);
        await (input.decision === 'approve' ? notices.approved(trx, order, answer) : notices.refused(trx, order, answer));
        await recordDecision(trx, actor, answer, input.decision === 'refuse' ? { reason: input.reason ?? '' } : {});
      });
      return toOrderReturn(await current(id));
    },

    /** An order's returns, and what may still be sent back of it (for a delivered order within the window). */
    async ofOrder(order: Order): Promise<{ returns: OrderReturn[]; returnable?: Returnable }> {
      const rows = await returns.ofOrder(order._id);
      const answer = rows.map(toOrderReturn);
      if (order.shippingStatus !== 'delivered' || !order.deliveredAt) return { returns: answer };
      const until = returnWindowEnd(order.deliveredAt, await windowDays());
      if (clock().toISOString() > until) return { returns: answer };
      const held = await returns.piecesHeld(order._id);
      const left = piecesLeft(
        order.lines.map((line) => ({ id: line.lineId, delivered: line.shippedQuantity, paidBack: line.refundedQuantity })),
        held,
      );
      const lines = [...left].filter(([, quantity]) => quantity > 0).map(([lineId, quantity]) => ({ lineId, quantity }));
      return lines.length > 0 ? { returns: answer, returnable: { until, lines } } : { returns: answer };
    },

    /** The admin's list of returns at a status (those waiting for a decision unless said), oldest first. */
    async list({ status = 'requested', limit, offset }: ReturnListQuery): Promise<{ items: OrderReturn[]; total: number }> {
      const { rows, total } = await returns.list(status, { limit, offset });
      return { items: rows.map(toOrderReturn), total };
    },
  };
}

export type ReturnService = ReturnType<typeof createReturnService>;
