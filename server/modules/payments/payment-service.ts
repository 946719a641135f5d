import type { FastifyBaseLogger } from 'fastify';
import type { CardInput } from '../../../common/card-rules.ts';
import { centsToDollars, formatUsd } from '../../../common/money.ts';
import type { Order, PaymentIntent } from '../../../common/schemas/orders.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { OrderRepository, OrderRow } from '../orders/order-repository.ts';
import { conflict, type OrderService, toOrder } from '../orders/order-service.ts';
import type { ProductRepository } from '../products/product-repository.ts';
import type { LocalGateway } from './local-gateway.ts';
import { CardError, type GatewayPayment, type PaymentGateway } from './payment-gateway.ts';
import type { WebhookEventRepository } from './webhook-event-repository.ts';

export interface PaymentServiceDependencies {
  gateway: PaymentGateway;
  orders: OrderRepository;
  orderService: OrderService;
  products: ProductRepository;
  events: WebhookEventRepository;
  log: FastifyBaseLogger;
}

const notCharged = 'Your card has not been charged.';

/** The processor's events that mean a card payment is authorised (manual capture) or complete. */
const settlingEvents = new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);

/** Whether the processor's payment is the one for this order, for its whole amount, in dollars. */
function paysFor(payment: GatewayPayment | undefined, order: OrderRow): payment is GatewayPayment {
  return (
    payment !== undefined &&
    payment.orderId === order.id &&
    payment.amountCents === order.price_cents &&
    payment.currency === 'usd' &&
    (payment.status === 'requires_capture' || payment.status === 'succeeded')
  );
}

/**
 * Card payments, with the server owning the truth: the amount is the order's, an order turns paid
 * only when the processor confirms a payment for that order and amount, and the stock is taken in
 * the same transaction. When the stock is gone the authorised payment is cancelled, never captured.
 */
export function createPaymentService({ gateway, orders, orderService, products, events, log }: PaymentServiceDependencies) {
  async function settle(order: OrderRow, transactionId: string): Promise<Order> {
    const payment = await gateway.retrieve(transactionId);
    if (!paysFor(payment, order)) {
      throw conflict('The card processor has no completed payment for this order and amount.', 'PAYMENT_NOT_CONFIRMED');
    }
    const authorisedOnly = payment.status === 'requires_capture';
    const outcome = await orders.markPaid({ id: order.id, productId: order.product_id, quantity: order.quantity }, payment.id, new Date().toISOString());

    if (outcome !== 'paid') {
      const current = await orders.findById(order.id);
      if (outcome === 'already-paid' && current?.transaction_id === payment.id) return toOrder(current);
      if (authorisedOnly) await gateway.cancel(payment.id);
      if (outcome === 'already-paid') throw conflict(`This order is already paid. ${notCharged}`, 'ORDER_PAID');
      if (outcome === 'product-gone') throw conflict(`${order.product} is no longer sold, so this order cannot be paid. ${notCharged}`, 'PRODUCT_GONE');
      throw conflict(`There is no longer enough ${order.product} in stock for this order. ${notCharged}`, 'OUT_OF_STOCK');
    }

    if (authorisedOnly) {
      try {
        await gateway.capture(payment.id);
      } catch (error) {
        log.error({ err: error, orderId: order.id, transactionId: payment.id }, 'capturing a payment failed; the order is unpaid again');
        await orders.revertPayment({ id: order.id, productId: order.product_id, quantity: order.quantity }, payment.id);
        throw new AppError(502, 'PAYMENT_FAILED', `The card processor did not complete the payment. ${notCharged} Please try again.`);
      }
    }
    const paid = await orders.findById(order.id);
    if (!paid) throw notFound('The order is gone.');
    return toOrder(paid);
  }

  return {
    /** `POST /create-payment-intent`: a payment for the order's own total; refused before any charge when stock is short. */
    async prepare(viewer: SignedInUser, orderId: string): Promise<PaymentIntent> {
      const order = await orderService.reachable(viewer, orderId);
      if (order.payment_status === 'paid') throw conflict('This order is already paid.', 'ORDER_PAID');
      const product = order.product_id ? await products.findById(order.product_id) : undefined;
      if (!product) throw conflict(`${order.product} is no longer sold, so this order cannot be paid. Please cancel it.`, 'PRODUCT_GONE');
      if (product.avail_quantity < order.quantity) {
        throw conflict(`Only ${product.avail_quantity} ${order.product} left in stock, fewer than this order's ${order.quantity}.`, 'OUT_OF_STOCK');
      }
      const payment = await gateway.create({
        orderId: order.id,
        amountCents: order.price_cents,
        description: `Joinery order: ${order.quantity} × ${order.product}, ${formatUsd(centsToDollars(order.price_cents))}`,
        receiptEmail: order.email,
      });
      return {
        clientSecret: payment.clientSecret,
        transactionId: payment.id,
        gateway: gateway.kind,
        ...(gateway.publishableKey ? { publishableKey: gateway.publishableKey } : {}),
        amount: centsToDollars(order.price_cents),
      };
    },

    /** The local processor's card form: authorises the payment with the card (its Pay button). */
    async authoriseWithCard(local: LocalGateway, viewer: SignedInUser, orderId: string, clientSecret: string, card: CardInput) {
      const order = await orderService.reachable(viewer, orderId);
      try {
        const payment = await local.authorise(clientSecret, card);
        if (payment.orderId !== order.id) {
          await local.cancel(payment.id);
          throw new CardError('This payment belongs to another order.', 'payment_intent_mismatch');
        }
        return { transactionId: payment.id };
      } catch (error) {
        if (error instanceof CardError) throw new AppError(402, error.code, error.message);
        throw error;
      }
    },

    /** `PUT /orders/{id}` with `paymentStatus: 'paid'`: paid only if the processor confirms it. Twice is harmless. */
    async confirm(viewer: SignedInUser, orderId: string, transactionId: string): Promise<Order> {
      const order = await orderService.reachable(viewer, orderId);
      if (order.payment_status === 'paid') {
        if (order.transaction_id === transactionId) return toOrder(order);
        // A second payment for this order (another tab of the payment page): release it, so that
        // the card is not held for an order paid already.
        const payment = await gateway.retrieve(transactionId);
        if (payment?.orderId === order.id && payment.status === 'requires_capture') {
          await gateway.cancel(payment.id);
          throw conflict(`This order is already paid. ${notCharged}`, 'ORDER_PAID');
        }
        throw conflict('This order is already paid.', 'ORDER_PAID');
      }
      return settle(order, transactionId);
    },

    /** A verified Stripe event. A repeated delivery, or one about an order already settled, changes nothing. */
    async handleProcessorEvent(event: { id: string; type: string; payment?: { id: string; orderId: string | undefined } }): Promise<'handled' | 'duplicate' | 'ignored'> {
      if (await events.seen(event.id)) return 'duplicate';
      let result: 'handled' | 'ignored' = 'ignored';
      if (settlingEvents.has(event.type) && event.payment?.orderId) {
        const order = await orders.findById(event.payment.orderId);
        if (order && order.payment_status === 'unpaid') {
          try {
            await settle(order, event.payment.id);
            result = 'handled';
          } catch (error) {
            // Out of stock or not for this order: final, and settle has cancelled the payment where it could.
            // Anything else (a capture that failed for now) stays unrecorded, so that Stripe delivers the event again.
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            log.warn({ eventId: event.id, orderId: order.id, code: error.code }, 'a processor event could not settle its order');
          }
        }
      }
      await events.record(event.id, event.type, new Date().toISOString());
      return result;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
