import type { FastifyBaseLogger } from 'fastify';
import { dollarsToCents, formatUsd } from '../../../common/money.ts';
import type { Order, PaymentIntent } from '../../../common/schemas/orders.ts';
import type { Clock } from '../../clock.ts';
import { AppError, conflict } from '../../errors.ts';
import type { OrderCaller } from '../../plugins/route-access.ts';
import type { PaymentMetrics } from '../metrics/shop-metrics.ts';
import type { OrderService, Settlement } from '../orders/order-service.ts';
import { createCaptureCompletion, type OrdersToCapture } from './capture-completion.ts';
import type { GatewayPayment, PaymentGateway, ProcessorEvent, ProcessorEventResult } from './payment-gateway.ts';
import type { RefundService } from './refund-service.ts';
import type { OrderPaymentRepository } from './order-payment-repository.ts';
import type { WebhookEventRepository } from './webhook-event-repository.ts';

/** The orders module's operations that paying for an order uses. */
export type OrdersToPay = Pick<OrderService, 'get' | 'getPayable' | 'find' | 'isCancelled' | 'settle'> & OrdersToCapture;

export interface PaymentServiceDependencies {
  gateway: PaymentGateway;
  orders: OrdersToPay;
  /** Records the refunds the processor reports. */
  refunds: Pick<RefundService, 'recordProcessorRefunds'>;
  events: WebhookEventRepository;
  /** Where each payment started is recorded with its order, for releasing it should the order be cancelled. */
  orderPayments: OrderPaymentRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Counts how each payment ended, once the server knows (ADR 052). */
  metrics: PaymentMetrics;
}

const notCharged = 'Your card has not been charged.';

/** The processor's events that mean a card payment is authorised (manual capture) or complete. */
const settlingEvents = new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);

/** The processor's event that a payment was refunded, in part or in full, by whomever. */
const refundEvent = 'charge.refunded';

/** Whether the processor's payment is the one for this order, for its whole amount, in dollars. */
function paysFor(payment: GatewayPayment | undefined, order: Order): payment is GatewayPayment {
  return (
    payment !== undefined &&
    payment.orderId === order._id &&
    // The order's total is whole cents, so converting it back is exact.
    payment.amountCents === dollarsToCents(order.price) &&
    payment.currency === 'usd' &&
    (payment.status === 'requires_capture' || payment.status === 'succeeded')
  );
}

/** Why an order could not be settled, naming the line when one line is the reason, as the payer is told once the card hold is released. */
function refusal(settlement: Settlement): AppError {
  switch (settlement.outcome) {
    // Paid by another payment (settled by this one, the caller answers the order instead).
    case 'paid':
    case 'already-paid':
      return conflict(`This order is already paid. ${notCharged}`, 'ORDER_PAID');
    case 'product-gone':
      return conflict(`${settlement.product} is no longer sold, so this order cannot be paid. ${notCharged}`, 'PRODUCT_GONE');
    case 'out-of-stock':
      return conflict(`There is no longer enough ${settlement.product} in stock for this order. ${notCharged}`, 'OUT_OF_STOCK');
    case 'cancelled':
      return conflict(`This order has been cancelled, so it cannot be paid. ${notCharged}`, 'ORDER_CANCELLED');
  }
}

/**
 * Card payments, with the server owning the truth: the amount is the order's, an order turns paid
 * only when the processor confirms a payment for that order and amount, and the orders module takes
 * the stock as it marks it paid. When the stock is gone the authorised payment is cancelled, never
 * captured.
 */
export function createPaymentService({ gateway, orders, refunds, events, orderPayments, clock, log, metrics }: PaymentServiceDependencies) {
  const captures = createCaptureCompletion({ gateway, orders, log });

  /** From the order's placing to now, when its payment has just been taken. */
  const secondsSincePlaced = (order: Order) => Math.max(0, (clock().getTime() - new Date(order.createdAt).getTime()) / 1000);

  async function settle(order: Order, transactionId: string): Promise<Order> {
    const payment = await gateway.retrieve(transactionId);
    if (!paysFor(payment, order)) {
      metrics.outcome('unconfirmed');
      throw conflict('The card processor has no completed payment for this order and amount.', 'PAYMENT_NOT_CONFIRMED');
    }
    const authorisedOnly = payment.status === 'requires_capture';
    const settlement = await orders.settle(order._id, payment.id, { captured: !authorisedOnly, card: payment.card });

    // Settled by this very payment before (the webhook and the browser racing): nothing more to do.
    if (settlement.outcome === 'already-paid' && settlement.order.transactionId === payment.id) return settlement.order;
    if (settlement.outcome !== 'paid') {
      if (authorisedOnly) await gateway.release(payment.id);
      metrics.outcome('refused');
      throw refusal(settlement);
    }

    // Captured here, at once; should this process stop first, the job queued with the settlement
    // finishes it (ADR 056).
    if (authorisedOnly) {
      if (!(await captures.take(order._id, payment.id))) {
        metrics.outcome('failed');
        throw new AppError(502, 'PAYMENT_FAILED', `The card processor did not complete the payment. ${notCharged} Please try again.`);
      }
      // Only now is the money taken, so only now is the receipt queued (ADR 011). The payment is
      // complete whatever happens to it: a failure to queue is logged, not answered as a failed
      // payment, and the follow-up job queues the receipt then.
      metrics.paid(secondsSincePlaced(order));
      const recorded = await orders.recordCapture(order._id, payment.id).catch((error: unknown) => {
        log.error({ err: error, orderId: order._id, transactionId: payment.id }, 'the payment was taken but its receipt could not be queued; the follow-up job queues it');
        return undefined;
      });
      // As the capture left it: with its invoice.
      return recorded ?? (await orders.find(order._id)) ?? settlement.order;
    }
    metrics.paid(secondsSincePlaced(order));
    return settlement.order;
  }

  return {
    /** `POST /create-payment-intent`: a payment for the order's own total; refused before any charge when stock is short. */
    async prepare(caller: OrderCaller, orderId: string): Promise<PaymentIntent> {
      const order = await orders.getPayable(caller, orderId);
      const payment = await gateway.create({
        orderId: order._id,
        amountCents: dollarsToCents(order.price),
        description: `Joinery order ${order.orderNumber}: ${order.quantity} × ${order.product}, ${formatUsd(order.price)}`,
        receiptEmail: order.email,
      });
      await orderPayments.record(payment.id, order._id, clock().toISOString());
      // Cancelled while the payment was being made: its release has already looked for payments and
      // missed this one, so it is released here. Cancelled any later, the release finds it recorded.
      if (await orders.isCancelled(order._id)) {
        await gateway.release(payment.id);
        throw conflict('This order has been cancelled, so it cannot be paid.', 'ORDER_CANCELLED');
      }
      return {
        clientSecret: payment.clientSecret,
        transactionId: payment.id,
        gateway: gateway.kind,
        ...(gateway.publishableKey ? { publishableKey: gateway.publishableKey } : {}),
        amount: order.price,
      };
    },

    /** `PUT /orders/{id}` with `paymentStatus: 'paid'`: paid only if the processor confirms it. Twice is harmless. */
    async confirm(caller: OrderCaller, orderId: string, transactionId: string): Promise<Order> {
      const order = await orders.get(caller, orderId);
      if (order.paymentStatus === 'paid') {
        if (order.transactionId === transactionId) return order;
        // A second payment for this order (another tab of the payment page): release it, so that
        // the card is not held for an order paid already.
        const payment = await gateway.retrieve(transactionId);
        if (payment?.orderId === order._id && payment.status === 'requires_capture') {
          await gateway.cancel(payment.id);
          throw conflict(`This order is already paid. ${notCharged}`, 'ORDER_PAID');
        }
        throw conflict('This order is already paid.', 'ORDER_PAID');
      }
      return settle(order, transactionId);
    },

    /** A verified processor event. A repeated delivery, or one about an order already settled, changes nothing. */
    async handleProcessorEvent(event: ProcessorEvent): Promise<ProcessorEventResult> {
      if (await events.seen(event.id)) return 'duplicate';
      let result: 'handled' | 'ignored' = 'ignored';
      if (event.type === refundEvent && event.payment) {
        // A failure to read the processor's refunds throws before the event is recorded: it comes again.
        if ((await refunds.recordProcessorRefunds(event.payment.id)) > 0) result = 'handled';
        await events.record(event.id, event.type, clock().toISOString());
        return result;
      }
      const order = settlingEvents.has(event.type) && event.payment?.orderId ? await orders.find(event.payment.orderId) : undefined;
      if (event.payment && order?.paymentStatus === 'unpaid') {
        try {
          await settle(order, event.payment.id);
          result = 'handled';
        } catch (error) {
          // Out of stock or not for this order: final, and settle has cancelled the payment where it could.
          // Anything else (a capture that failed for now) stays unrecorded, so that the processor delivers the event again.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          log.warn({ eventId: event.id, orderId: order._id, code: error.code }, 'a processor event could not settle its order');
        }
      }
      await events.record(event.id, event.type, clock().toISOString());
      return result;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
