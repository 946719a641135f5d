import type { Clock } from '../../clock.ts';
import type { PaymentConfig } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { createLocalGateway } from './local-gateway.ts';
import { createLocalPaymentRepository } from './local-payment-repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createStripeClient, createStripeGateway } from './stripe-gateway.ts';

/** Stripe when its keys are configured (its webhook when its secret is); otherwise the local test processor. */
export function createPaymentGatewayFor(config: PaymentConfig, db: Database, clock: Clock): PaymentGateway {
  if (config.gateway === 'stripe') {
    return createStripeGateway(createStripeClient(config), { publishableKey: config.publishableKey, webhookSecret: config.webhookSecret, clock });
  }
  return createLocalGateway(createLocalPaymentRepository(db), clock);
}
