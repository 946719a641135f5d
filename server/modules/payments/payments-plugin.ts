import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { OrderLimits } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import type { PaymentMetrics } from '../metrics/shop-metrics.ts';
import type { OrderPaymentRepository } from './order-payment-repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { paymentRoutes } from './payment-routes.ts';
import { createPaymentService, type OrdersToPay } from './payment-service.ts';
import { refundRoutes } from './refund-routes.ts';
import type { RefundService } from './refund-service.ts';
import { createWebhookEventRepository } from './webhook-event-repository.ts';

export interface PaymentsOptions {
  db: Database;
  orders: OrdersToPay;
  /** Refunds (ADR 029), made here because their follow-up job needs them before the routes exist. */
  refunds: RefundService;
  clock: Clock;
  /** The processor (the configured one, or one given to the app); it brings its own routes. */
  gateway: PaymentGateway;
  orderPayments: OrderPaymentRepository;
  limits: OrderLimits;
  /** Where each payment's outcome is counted (ADR 052). */
  metrics: PaymentMetrics;
}

/**
 * Card payments: the processor the app chose, the payment and refund calls, and whatever routes
 * that processor brings (the local card form, Stripe's webhook).
 */
export const paymentsPlugin: FastifyPluginAsyncZod<PaymentsOptions> = async (app, { db, orders, refunds, clock, gateway, orderPayments, limits, metrics }) => {
  const payments = createPaymentService({ gateway, orders, refunds, events: createWebhookEventRepository(db), orderPayments, clock, log: app.log, metrics });
  await app.register(paymentRoutes, { payments, limits });
  await app.register(refundRoutes, { refunds });
  if (gateway.routes) {
    await app.register(gateway.routes, {
      orderOf: (caller, orderId) => orders.get(caller, orderId),
      handleEvent: (event) => payments.handleProcessorEvent(event),
      cardAttemptsPerMinute: limits.cardAttemptsPerMinute,
      cardDeclined: () => metrics.outcome('declined'),
    });
  }
};
