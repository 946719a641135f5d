import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { PaymentConfig } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { createPaymentGatewayFor } from './create-payment-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { paymentRoutes } from './payment-routes.ts';
import { createPaymentService, type OrdersToPay } from './payment-service.ts';
import { refundRoutes } from './refund-routes.ts';
import { createRefundService, type OrdersToRefund } from './refund-service.ts';
import { createWebhookEventRepository } from './webhook-event-repository.ts';

export interface PaymentsOptions {
  config: PaymentConfig;
  db: Database;
  orders: OrdersToPay & OrdersToRefund;
  clock: Clock;
  /** Replaces the configured processor; it brings its own routes, as the configured one would. */
  gateway?: PaymentGateway | undefined;
}

/**
 * Card payments: the processor the configuration names (or the one given), the payment and refund calls, and
 * whatever routes that processor brings (the local card form, Stripe's webhook).
 */
export const paymentsPlugin: FastifyPluginAsyncZod<PaymentsOptions> = async (app, { config, db, orders, clock, gateway: given }) => {
  const gateway = given ?? createPaymentGatewayFor(config, db, clock);
  const refunds = createRefundService({ gateway, orders, log: app.log });
  const payments = createPaymentService({ gateway, orders, refunds, events: createWebhookEventRepository(db), clock, log: app.log });
  await app.register(paymentRoutes, { payments });
  await app.register(refundRoutes, { refunds });
  if (gateway.routes) {
    await app.register(gateway.routes, {
      orderOf: (viewer, orderId) => orders.get(viewer, orderId),
      handleEvent: (event) => payments.handleProcessorEvent(event),
    });
  }
};
