import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { centsToDollars, dollarsToCents, formatUsd } from '../../../common/money.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { RefundInput, RefundResult } from '../../../common/schemas/refunds.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError, conflict } from '../../errors.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import { defineTask, type JobQueue } from '../jobs/job-queue.ts';
import type { OrderService, PendingRefund, ReservedRefund } from '../orders/order-service.ts';
import { type GatewayRefund, type PaymentGateway, RefundRefusedError } from './payment-gateway.ts';
import { processorRefundKey } from './refund-keys.ts';

/** The orders module's operations that refunding uses. */
export type OrdersToRefund = Pick<OrderService, 'reserveRefund' | 'pendingRefund' | 'completeRefund' | 'failRefund' | 'recordProcessorRefund' | 'orderPaidBy'>;

export interface RefundServiceDependencies {
  gateway: PaymentGateway;
  orders: OrdersToRefund;
  /** Where the follow-up of each reserved refund is queued, in the reserving transaction. */
  jobs: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The most a support staff member may refund at once (SUPPORT_REFUND_LIMIT, ADR 042). */
  supportRefundLimitCents: number;
  /** Where a refund is recorded, with who asked for it, in the reserving transaction (ADR 043). */
  audit: AuditRecorder;
}

export const completeRefundTask = 'complete-refund';

/**
 * How long after a refund is reserved its follow-up job looks at it. The request that reserved it
 * asks the processor at once and is answered within this time, so the job finds it settled and does
 * nothing, unless the processor did not answer or the server stopped in between.
 */
const followUpAfterMs = 120_000;

/** How a refund made at the processor (Stripe's dashboard) reads when it brings no reason of the shop's. */
const processorReasons: Record<string, string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'A duplicate payment',
  fraudulent: 'A fraudulent payment',
};
const madeAtProcessor = 'Refunded through the card processor';

/** A refund the processor made but then failed or withdrew gave nothing back. */
const gaveMoneyBack = (refund: GatewayRefund) => refund.status !== 'failed' && refund.status !== 'canceled';

/**
 * Refunds (ADR 029): the shop reserves the refund in its own transaction, holding the order's row,
 * then asks the card processor for exactly that amount under the reservation's key, and records it
 * made (with the pieces back in stock and the customer's e-mail) once the processor has made it. A
 * refusal frees the reservation; a processor that does not answer leaves it reserved, and a job
 * queued with the reservation asks again under the same key, so the refund is made once. The
 * processor is never asked for more than the shop has reserved, so its refunded total and the shop's
 * agree. Refunds made at the processor itself are recorded when it says so (Stripe's `charge.refunded`).
 */
export function createRefundService({ gateway, orders, jobs, clock, log, supportRefundLimitCents, audit }: RefundServiceDependencies) {
  /** The refund the processor made for the shop's reservation, if it made one (found by the id it keeps with it). */
  async function madeFor(pending: PendingRefund): Promise<GatewayRefund | undefined> {
    return (await gateway.refundsOf(pending.transactionId)).find((refund) => refund.refundId === pending.id && gaveMoneyBack(refund));
  }

  /** Records a refund the processor made; answers the order as it is, or a 409 when the two records disagree. */
  async function record(pending: Pick<PendingRefund, 'id' | 'orderId'>, made: GatewayRefund): Promise<Order> {
    const recorded = await orders.completeRefund(pending.id, made.id);
    if (recorded.outcome !== 'exceeds') return recorded.order;
    log.error(
      { orderId: pending.orderId, refundId: pending.id, gatewayRefundId: made.id },
      'the processor made a refund the shop had given up, and the order has no room left for it',
    );
    throw conflict(`The card processor made refund ${made.id}, but the order has less left to refund. Check the payment at the processor.`, 'REFUND_MISMATCH');
  }

  /**
   * Asks the processor for a reserved refund and records its answer; answers the order as it is then.
   * A refusal is believed only once the processor's own records show no refund made for this
   * reservation (a retry under the same key may have made it meanwhile).
   */
  async function send(pending: PendingRefund): Promise<Order> {
    const held = (error: unknown) => {
      log.error({ err: error, orderId: pending.orderId, refundId: pending.id }, 'the card processor failed to answer a refund; it stays reserved and will be asked again');
      return new AppError(
        502,
        'PAYMENT_FAILED',
        `The card processor could not be reached. The refund of ${formatUsd(centsToDollars(pending.amountCents))} is held for this order and will be sent again shortly; it will not be made twice.`,
      );
    };
    let made: GatewayRefund;
    try {
      made = await gateway.refund({
        paymentId: pending.transactionId,
        amountCents: pending.amountCents,
        reason: pending.reason,
        orderId: pending.orderId,
        refundId: pending.id,
        idempotencyKey: processorRefundKey(pending.id),
      });
    } catch (error) {
      if (!(error instanceof RefundRefusedError)) throw held(error);
      const madeAfterAll = await madeFor(pending).catch((readError: unknown) => {
        throw held(readError);
      });
      if (madeAfterAll) return record(pending, madeAfterAll);
      await orders.failRefund(pending.id);
      throw conflict(`The card processor refused the refund: ${error.message}`, 'REFUND_REFUSED');
    }
    if (!gaveMoneyBack(made)) {
      await orders.failRefund(pending.id);
      throw conflict(`The card processor could not make the refund (it is ${made.status}).`, 'REFUND_REFUSED');
    }
    return record(pending, made);
  }

  const followUp = (transaction: Database, refundId: string) =>
    jobs.enqueue(transaction, completeRefundTask, { refundId }, { runAt: new Date(clock().getTime() + followUpAfterMs) }).then(() => undefined);

  /** A reserved refund's record in the audit trail: the money is committed to going back from this transaction on. */
  const recorded = (actor: StaffActor, reason: string) => async (transaction: Database, refundId: string, reserved: ReservedRefund) => {
    await followUp(transaction, refundId);
    await audit(transaction, actor, {
      kind: 'order.refunded',
      subject: reserved.orderNumber,
      detail: {
        facts: {
          amount: formatUsd(centsToDollars(reserved.amountCents)),
          reason,
          lines: reserved.pieces.map((piece) => `${piece.quantity} × ${piece.product}${piece.restock > 0 ? ` (${piece.restock} back to stock)` : ''}`),
        },
      },
    });
  };

  return {
    /** The admin's refund, by amount or by line: answers the order as the refund left it, with the refund and its amount. */
    async refund(viewer: SignedInUser, orderId: string, input: RefundInput, actor: StaffActor): Promise<RefundResult> {
      const asked = 'lines' in input ? { lines: input.lines, restock: input.restock } : { amountCents: dollarsToCents(input.amount), restock: input.restock };
      // Support refunds up to its limit, checked against the amount the reserving transaction prices.
      const limitCents = viewer.staffRole === 'support' ? supportRefundLimitCents : undefined;
      const reservation = await orders.reserveRefund(
        orderId,
        { ...asked, reason: input.reason, idempotencyKey: input.idempotencyKey, createdBy: viewer.id, limitCents },
        recorded(actor, input.reason),
      );
      if ('settled' in reservation) {
        const { order, refund } = reservation.settled;
        return { ...order, refund: { id: refund.id, amount: centsToDollars(refund.amount_cents) } };
      }
      const { send: pending } = reservation;
      const order = await send(pending);
      return { ...order, refund: { id: pending.id, amount: centsToDollars(pending.amountCents) } };
    },

    /**
     * The follow-up of a reserved refund. Still pending (the processor did not answer, or the server
     * stopped before recording its answer), it is recorded if the processor's records show it made,
     * else asked for again under the same key. A refusal is final and recorded; a processor that still
     * does not answer throws, so that the job is retried, until the last try: then, with no refund made
     * for it at the processor, it is given up and holds nothing any more.
     */
    async followUp(refundId: string, { lastTry }: { lastTry: boolean }): Promise<void> {
      const pending = await orders.pendingRefund(refundId);
      if (!pending) return;
      const made = await madeFor(pending);
      if (made) {
        await record(pending, made);
        return;
      }
      try {
        await send(pending);
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return;
        if (!lastTry) throw error;
        await orders.failRefund(pending.id);
        log.warn({ orderId: pending.orderId, refundId }, 'a refund the processor never made was given up after its last try; nothing is held for it');
      }
    },

    /**
     * The processor says a payment was refunded. A refund the shop reserved is recorded made (if the
     * shop had not heard yet, or had given it up); any other (one made in Stripe's dashboard) is
     * recorded and announced to the customer, with no pieces back in stock. Answers how many were recorded.
     */
    async recordProcessorRefunds(paymentId: string): Promise<number> {
      const order = await orders.orderPaidBy(paymentId);
      if (!order) return 0;
      let recorded = 0;
      for (const refund of (await gateway.refundsOf(paymentId)).filter(gaveMoneyBack)) {
        if (refund.refundId) {
          const completed = await orders.completeRefund(refund.refundId, refund.id);
          if (completed.outcome === 'exceeds')
            log.error({ refundId: refund.refundId, gatewayRefundId: refund.id }, 'a refund the processor made no longer fits what is left of its order');
          if (completed.outcome === 'recorded') recorded += 1;
          continue;
        }
        const result = await orders.recordProcessorRefund(order._id, {
          amountCents: refund.amountCents,
          reason: refund.reason ?? processorReasons[refund.processorReason ?? ''] ?? madeAtProcessor,
          gatewayRefundId: refund.id,
        });
        if (result.outcome === 'recorded') recorded += 1;
        if (result.outcome === 'exceeds') log.error({ orderId: order._id, gatewayRefundId: refund.id }, 'a refund made at the processor is more than the order has left to refund');
      }
      return recorded;
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;

/** Runs of the follow-up before a refund the processor never made is given up (the last comes about 3.5 hours after the first). */
const followUpTries = 10;

/** The follow-up of each reserved refund, queued in the transaction that reserved it. */
export function completeRefundTaskDefinition(refunds: () => Pick<RefundService, 'followUp'>) {
  return defineTask({
    name: completeRefundTask,
    payload: z.object({ refundId: z.string().min(1) }),
    maxAttempts: followUpTries,
    describe: ({ refundId }) => `Send refund ${refundId} to the card processor, if it is still waiting`,
    handler: ({ refundId }, job) => refunds().followUp(refundId, { lastTry: job.attempt >= followUpTries }),
  });
}
