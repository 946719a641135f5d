import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { dollarsToCents } from '../../../common/money.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { RefundInput } from '../../../common/schemas/refunds.ts';
import { AppError, conflict } from '../../errors.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { OrderService } from '../orders/order-service.ts';
import { type GatewayRefund, type PaymentGateway, RefundRefusedError } from './payment-gateway.ts';

/** The orders module's operations that refunding uses. */
export type OrdersToRefund = Pick<OrderService, 'checkRefund' | 'recordRefund' | 'ordersPaidBy'>;

export interface RefundServiceDependencies {
  gateway: PaymentGateway;
  orders: OrdersToRefund;
  log: FastifyBaseLogger;
}

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
 * The processor's idempotency key for a refund: the client's key, and a digest of what is asked, so
 * that a retry of the same refund is answered the refund made, while a corrected request (another
 * amount or reason, after a refusal) is not mistaken for it. The shop's own record of the client's
 * key (checkRefund) still refunds each key once.
 */
function processorKey(orderId: string, amountCents: number, reason: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(JSON.stringify([orderId, amountCents, reason])).digest('hex').slice(0, 16);
  return `refund-${idempotencyKey}-${digest}`;
}

/**
 * Refunds (ADR 012): the admin's refund goes to the card processor first, and only once the
 * processor has made it is it recorded, with the order's refunded total and any pieces back in
 * stock, in one transaction that announces it. A refund the processor refuses records nothing.
 * Refunds made at the processor itself are recorded when it says so (Stripe's `charge.refunded`).
 */
export function createRefundService({ gateway, orders, log }: RefundServiceDependencies) {
  return {
    async refund(viewer: SignedInUser, orderId: string, input: RefundInput): Promise<Order> {
      const request = { amountCents: dollarsToCents(input.amount), restock: input.restock, idempotencyKey: input.idempotencyKey };
      const check = await orders.checkRefund(orderId, request);
      if ('replay' in check) return check.replay;
      const { order, transactionId } = check;

      let made: GatewayRefund;
      try {
        made = await gateway.refund({
          paymentId: transactionId,
          amountCents: request.amountCents,
          reason: input.reason,
          orderId: order._id,
          idempotencyKey: processorKey(order._id, request.amountCents, input.reason, input.idempotencyKey),
        });
      } catch (error) {
        if (error instanceof RefundRefusedError) throw conflict(`The card processor refused the refund: ${error.message}`, 'REFUND_REFUSED');
        log.error({ err: error, orderId: order._id }, 'the card processor failed to answer a refund');
        throw new AppError(502, 'PAYMENT_FAILED', 'The card processor could not be reached, so nothing is recorded. Please try again: the refund will not be made twice.');
      }
      if (!gaveMoneyBack(made)) throw conflict(`The card processor could not make the refund (it is ${made.status}).`, 'REFUND_REFUSED');

      const recorded = await orders.recordRefund(order._id, { ...request, reason: input.reason, gatewayRefundId: made.id, createdBy: viewer.id });
      if (recorded.outcome === 'exceeds') {
        // The processor refunds at most what it captured, which is the order's price: the shop's
        // record and the processor's disagree, and a person must look.
        log.error({ orderId: order._id, gatewayRefundId: made.id, amountCents: request.amountCents }, 'the processor made a refund larger than the order has left to refund');
        throw conflict(`The card processor made refund ${made.id}, but the order has less left to refund. Check the payment at the processor.`, 'REFUND_MISMATCH');
      }
      return recorded.order;
    },

    /**
     * The processor says a payment was refunded: every refund of it the shop has not recorded (one
     * made in Stripe's dashboard) is recorded, announced to the customer, with no pieces back in
     * stock. Refunds the shop made are known by their processor id and change nothing. Answers how
     * many were recorded.
     */
    async recordProcessorRefunds(paymentId: string): Promise<number> {
      const paid = await orders.ordersPaidBy(paymentId);
      if (paid.length === 0) return 0;
      let recorded = 0;
      for (const refund of (await gateway.refundsOf(paymentId)).filter(gaveMoneyBack)) {
        // One payment may have paid the lines of a checkout (ADR 018); a refund made at the processor
        // names none of them, so it goes on the first line with that much left to refund. (A refund
        // the shop made is recorded already, on its own line, and changes nothing here.)
        const order = paid.find((line) => dollarsToCents(line.price) - dollarsToCents(line.refundedAmount) >= refund.amountCents) ?? paid[0]!;
        const result = await orders.recordRefund(order._id, {
          amountCents: refund.amountCents,
          restock: 0,
          idempotencyKey: `processor-${refund.id}`,
          reason: refund.reason ?? processorReasons[refund.processorReason ?? ''] ?? madeAtProcessor,
          gatewayRefundId: refund.id,
          createdBy: null,
        });
        if (result.outcome === 'recorded') {
          recorded += 1;
          paid[paid.indexOf(order)] = result.order;
        }
        if (result.outcome === 'exceeds') log.error({ orderId: order._id, gatewayRefundId: refund.id }, 'a refund made at the processor is more than the order has left to refund');
      }
      return recorded;
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
